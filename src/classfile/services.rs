//! The service providers the JDK's modules declare (`provides S with P`
//! in each `module-info.class` of the user's JDK, image or jmods), read
//! once, when the program first looks a service up. m5 runs no module
//! system boot (`ModuleBootstrap`), so the JDK's `ServicesCatalog`s stay
//! empty; the interpreter asks here instead, so that a lookup the booted
//! JVM would answer with a provider is never silently answered "none".

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// (module, provider class) pairs by service, binary names (`a.b.C`), in
/// the order of the module names and then of each `provides` clause.
pub type Providers = BTreeMap<String, Vec<(String, String)>>;

/// The providers of the JDK m5 reads (`jdk::jdk`), read once.
pub fn jdk_providers() -> Result<&'static Providers, String> {
    static PROVIDERS: OnceLock<Result<Providers, String>> = OnceLock::new();
    PROVIDERS
        .get_or_init(|| {
            let jdk = super::jdk::jdk().map_err(str::to_string)?;
            providers(jdk.module_infos()?)
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The providers declared by `(module, module-info bytes)` pairs.
pub fn providers(mut infos: Vec<(String, Vec<u8>)>) -> Result<Providers, String> {
    infos.sort();
    let mut out = Providers::new();
    for (module, bytes) in &infos {
        let cf = cafebabe::parse_class(bytes)
            .map_err(|e| format!("module-info.class of {module}: {e}"))?;
        for attr in &cf.attributes {
            let cafebabe::attributes::AttributeData::Module(data) = &attr.data else {
                continue;
            };
            for p in &data.provides {
                let list = out
                    .entry(p.service_interface_name.replace('/', "."))
                    .or_default();
                list.extend(
                    p.provides_with
                        .iter()
                        .map(|c| (module.clone(), c.replace('/', "."))),
                );
            }
        }
    }
    Ok(out)
}
