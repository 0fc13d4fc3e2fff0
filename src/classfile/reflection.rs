//! What reflection asks of a class file beyond what linking needs: the
//! class's own `InnerClasses` entry (its source modifiers, declaring class
//! and simple name), `EnclosingMethod`, the member classes it declares,
//! its fields in declaration order with their access flags, its nest host,
//! its permitted subclasses and a record's components. `Class.getModifiers`, `getDeclaringClass`,
//! `isAnonymousClass`, `getDeclaredFields`, `isSealed` ... answer from it.

use std::sync::Arc;

use cafebabe::ClassFile;
use cafebabe::attributes::AttributeData;

/// A class's own `InnerClasses` entry.
#[derive(Debug, Clone)]
pub struct Inner {
    /// The modifiers the source gave it (`static`, `private`, ...).
    pub flags: u16,
    /// The class declaring it; None for a local or anonymous class.
    pub outer: Option<Arc<str>>,
    /// Its simple name; None for an anonymous class.
    pub simple: Option<Arc<str>>,
}

/// A declared field: name, descriptor, access flags.
pub type DeclaredField = (Arc<str>, Arc<str>, u16);

/// `EnclosingMethod`: the enclosing class, and the method's name and
/// descriptor (None when the class is in an initializer).
pub type Enclosing = (Arc<str>, Option<(Arc<str>, Arc<str>)>);

/// A `Record` attribute's component: name, descriptor and generic
/// signature (its `Signature` attribute).
pub type Component = (Arc<str>, Arc<str>, Option<Arc<str>>);

#[derive(Debug, Clone, Default)]
pub struct Reflection {
    pub inner: Option<Inner>,
    pub enclosing: Option<Enclosing>,
    /// Member classes this class declares, in attribute order.
    pub members: Vec<Arc<str>>,
    pub fields: Vec<DeclaredField>,
    pub nest_host: Option<Arc<str>>,
    /// `PermittedSubclasses`: Some for a sealed class.
    pub permitted: Option<Vec<Arc<str>>>,
    /// A record's components, in declaration order (empty otherwise).
    pub components: Vec<Component>,
}

/// The reflective facts of `cf`.
pub fn read(cf: &ClassFile) -> Reflection {
    let this = cf.this_class.as_ref();
    let mut r = Reflection {
        fields: cf
            .fields
            .iter()
            .map(|f| {
                (
                    Arc::from(f.name.as_ref()),
                    Arc::from(f.descriptor.to_string().as_str()),
                    f.access_flags.bits(),
                )
            })
            .collect(),
        ..Reflection::default()
    };
    for a in &cf.attributes {
        match &a.data {
            AttributeData::InnerClasses(entries) => {
                for e in entries {
                    let outer = e.outer_class_info.as_deref().map(Arc::from);
                    if e.inner_class_info == this {
                        r.inner = Some(Inner {
                            flags: e.access_flags.bits(),
                            outer,
                            simple: e.inner_name.as_deref().map(Arc::from),
                        });
                    } else if e.outer_class_info.as_deref() == Some(this) {
                        r.members.push(Arc::from(e.inner_class_info.as_ref()));
                    }
                }
            }
            AttributeData::EnclosingMethod { class_name, method } => {
                let m = method.as_ref().map(|m| {
                    (
                        Arc::from(m.name.as_ref()),
                        Arc::from(m.descriptor.to_string().as_str()),
                    )
                });
                r.enclosing = Some((Arc::from(class_name.as_ref()), m));
            }
            AttributeData::NestHost(h) => r.nest_host = Some(Arc::from(h.as_ref())),
            AttributeData::PermittedSubclasses(p) => {
                r.permitted = Some(p.iter().map(|c| Arc::from(c.as_ref())).collect());
            }
            AttributeData::Record(components) => {
                r.components = components.iter().map(component).collect();
            }
            _ => {}
        }
    }
    r
}

fn component(c: &cafebabe::attributes::RecordComponentEntry) -> Component {
    let signature = c.attributes.iter().find_map(|a| match &a.data {
        AttributeData::Signature(sig) => Some(Arc::from(sig.as_ref())),
        _ => None,
    });
    (
        Arc::from(c.name.as_ref()),
        Arc::from(c.descriptor.to_string().as_str()),
        signature,
    )
}
