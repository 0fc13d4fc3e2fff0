//! The JDK's service catalogs (`jdk.internal.module.ServicesCatalog`,
//! which `ServiceLoader` asks for the providers that modules declare).
//! m5 boots no module system, so the catalogs the JDK keeps per class
//! loader and layer are never filled; the providers the user's JDK
//! declares are read from its modules (`classfile::services`) instead.

use crate::interp::VmError;
use crate::interp::runtime::static_slot;
use crate::state::*;

use super::{Native, NativeResult, arg_ref, init_first, npe, ret};

#[rustfmt::skip]
pub(super) static NATIVES: &[Native] = &[
    ("jdk/internal/module/ServicesCatalog", "findServices", "(Ljava/lang/String;)Ljava/util/List;", find_services),
    ("jdk/internal/loader/BootLoader", "setBootLoaderUnnamedModule0", "(Ljava/lang/Module;)V", super::nothing),
];

/// `ServicesCatalog.findServices(service)`: `List.of()` when no module of
/// the JDK provides the service (no catalog of the booted JVM, whatever
/// its loader or layer, would list one). When one does, the run stops:
/// m5 does not model the boot layer's modules and loaders, and answering
/// "none" would silently change what the program does (the JDK's locale
/// data, for one, is found this way).
fn find_services(s: &mut State, th: ThreadId, a: &[Value]) -> Result<NativeResult, VmError> {
    let Some(name) = arg_ref(a, 1) else {
        return npe();
    };
    let service = s.string(name).unwrap_or_default();
    let providers = crate::classfile::services::jdk_providers().map_err(VmError::Other)?;
    if let Some(list) = providers.get(&service).filter(|l| !l.is_empty()) {
        let named: Vec<String> = list.iter().map(|(m, p)| format!("{p} ({m})")).collect();
        return Err(VmError::NotModeled(format!(
            "ServiceLoader: the JDK's modules provide {service}: {}; m5 does not model \
             the module system's service providers",
            named.join(", ")
        )));
    }
    let holder = "java/util/ImmutableCollections";
    let cid = s.classes.id(holder).ok_or_else(|| {
        VmError::Other(format!(
            "ServicesCatalog.findServices: {holder} is not loaded"
        ))
    })?;
    if let Some(wait) = init_first(s, th, cid)? {
        return Ok(wait);
    }
    let slot = static_slot(s, holder, "EMPTY_LIST")
        .ok_or_else(|| VmError::Other(format!("{holder} has no EMPTY_LIST")))?;
    ret(s.statics[slot])
}
