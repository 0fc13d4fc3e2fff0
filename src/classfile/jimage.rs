//! The JDK's runtime image, `lib/modules`: the container a JDK without
//! jmods (a JRE, a `jlink` image, JDK 24+ builds) keeps its classes in.
//!
//! Its layout, in the byte order its magic number shows (the build
//! machine's): a header of seven 32-bit words (magic `0xCAFEDADA`,
//! version 1.0, flags, resource count, table length, the sizes of the
//! location and string areas); the redirect table and the offsets table
//! (table length entries each); the location area; the string area
//! (NUL-terminated UTF-8); then the resources' bytes.
//!
//! A name `/module/parent/base.extension` is found by a perfect hash: its
//! FNV-style hash picks a redirect entry, which is either the location's
//! slot (negative: `-1 - slot`), a seed to hash the name again with
//! (positive), or nothing (0). The slot's offset leads to the location:
//! attributes, each a byte `kind << 3 | (length - 1)` and `length` value
//! bytes, most significant first, up to a byte of kind 0. A hash always
//! lands somewhere, so the location's own name is compared with the one
//! asked for. A resource may be compressed: then its bytes start with a
//! header (magic `0xCAFEFAFA`, sizes, the decompressor's name) and the
//! payload, possibly compressed again; m5 inflates the `zip` kind and
//! names any other.

use std::fs::File;
use std::io::Read;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

const MAGIC: u32 = 0xCAFE_DADA;
const HEADER_WORDS: usize = 7;
const HASH_MULTIPLIER: u32 = 0x0100_0193;
const COMPRESSED_MAGIC: u32 = 0xCAFE_FAFA;
/// magic, compressed size, uncompressed size, name offset, content
/// offset, is-terminal: 4 + 8 + 8 + 4 + 4 + 1 bytes.
const COMPRESSED_HEADER: usize = 29;

/// Location attribute kinds.
const MODULE: usize = 1;
const PARENT: usize = 2;
const BASE: usize = 3;
const EXTENSION: usize = 4;
const OFFSET: usize = 5;
const COMPRESSED: usize = 6;
const UNCOMPRESSED: usize = 7;
const KINDS: usize = 8;

/// An opened `lib/modules`: its index in memory, resources read from the
/// file when asked for.
pub struct Image {
    pub path: PathBuf,
    file: File,
    big_endian: bool,
    redirect: Vec<i32>,
    offsets: Vec<u32>,
    locations: Vec<u8>,
    strings: Vec<u8>,
    /// Where the resources start.
    index_size: u64,
    /// Per package (`java/util/logging`) with classes, the module that has
    /// it: read from every location the first time a class is looked for
    /// outside java.base.
    packages: std::sync::OnceLock<std::collections::HashMap<String, String>>,
}

/// A location's attributes (string offsets and sizes), by kind.
struct Location([u64; KINDS]);

impl Image {
    pub fn open(path: &Path) -> Result<Image, String> {
        let mut file = File::open(path).map_err(|e| e.to_string())?;
        let mut head = [0u8; HEADER_WORDS * 4];
        file.read_exact(&mut head)
            .map_err(|e| format!("too short for a jimage header: {e}"))?;
        let big_endian = match (u32_at(false, &head, 0), u32_at(true, &head, 0)) {
            (MAGIC, _) => false,
            (_, MAGIC) => true,
            _ => return Err("not a jimage file (no 0xCAFEDADA magic)".into()),
        };
        let word = |i: usize| u32_at(big_endian, &head, i * 4);
        let version = word(1);
        if version >> 16 != 1 {
            return Err(format!(
                "jimage version {}.{}, m5 reads version 1",
                version >> 16,
                version & 0xffff
            ));
        }
        let (table, locations_size, strings_size) =
            (word(4) as usize, word(5) as usize, word(6) as usize);
        let index_size = head.len() + table * 8 + locations_size + strings_size;
        let file_size = file.metadata().map_err(|e| e.to_string())?.len();
        if index_size as u64 > file_size {
            return Err(format!(
                "its index ({index_size} bytes) is longer than the file ({file_size} bytes)"
            ));
        }
        let mut index = vec![0u8; index_size - head.len()];
        file.read_exact(&mut index).map_err(|e| e.to_string())?;
        let words = |bytes: &[u8]| -> Vec<u32> {
            bytes
                .chunks_exact(4)
                .map(|c| u32_at(big_endian, c, 0))
                .collect()
        };
        let redirect = words(&index[..table * 4])
            .into_iter()
            .map(|w| w as i32)
            .collect();
        let offsets = words(&index[table * 4..table * 8]);
        let locations = index[table * 8..table * 8 + locations_size].to_vec();
        let strings = index[table * 8 + locations_size..].to_vec();
        Ok(Image {
            path: path.to_path_buf(),
            file,
            big_endian,
            redirect,
            offsets,
            locations,
            strings,
            index_size: index_size as u64,
            packages: Default::default(),
        })
    }

    /// The NUL-terminated string at `offset` of the string area.
    fn string(&self, offset: u64) -> Result<&str, String> {
        let rest = usize::try_from(offset)
            .ok()
            .and_then(|o| self.strings.get(o..))
            .ok_or_else(|| format!("string offset {offset} is past the string area"))?;
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        std::str::from_utf8(&rest[..end]).map_err(|e| format!("string at {offset}: {e}"))
    }

    /// The location in slot `slot`.
    fn location(&self, slot: usize) -> Result<Location, String> {
        let at = *self
            .offsets
            .get(slot)
            .ok_or_else(|| format!("slot {slot} is past the offsets table"))?
            as usize;
        let mut attrs = [0u64; KINDS];
        let mut i = at;
        loop {
            let byte = *self
                .locations
                .get(i)
                .ok_or_else(|| format!("location at {at} runs past the location area"))?;
            let kind = (byte >> 3) as usize;
            if kind == 0 {
                return Ok(Location(attrs));
            }
            if kind >= KINDS {
                return Err(format!("location at {at}: unknown attribute kind {kind}"));
            }
            let len = (byte & 7) as usize + 1;
            let bytes = self
                .locations
                .get(i + 1..i + 1 + len)
                .ok_or_else(|| format!("location at {at} runs past the location area"))?;
            attrs[kind] = u64_of(true, bytes);
            i += 1 + len;
        }
    }

    /// Is `loc` named `/module/parent/base.extension`?
    fn named(&self, loc: &Location, module: &str, parent: &str, base: &str, ext: &str) -> bool {
        let part = |k: usize| self.string(loc.0[k]).unwrap_or("\u{0}");
        part(MODULE) == module
            && part(PARENT) == parent
            && part(BASE) == base
            && part(EXTENSION) == ext
    }

    /// The slot the perfect hash gives `name`, if any.
    fn slot(&self, name: &str) -> Option<usize> {
        let n = self.redirect.len() as u32;
        if n == 0 {
            return None;
        }
        let r = self.redirect[(hash(name, HASH_MULTIPLIER) % n) as usize];
        match r {
            0 => None,
            r if r < 0 => Some((-1 - r) as usize),
            seed => Some((hash(name, seed as u32) % n) as usize),
        }
    }

    /// The location of class `name` (internal form, `java/lang/String`)
    /// of module `module`, with its full name, if the image has it.
    fn class_location(
        &self,
        module: &str,
        name: &str,
    ) -> Result<Option<(Location, String)>, String> {
        let (parent, base) = name.rsplit_once('/').unwrap_or(("", name));
        let full = if parent.is_empty() {
            format!("/{module}/{base}.class")
        } else {
            format!("/{module}/{parent}/{base}.class")
        };
        let Some(slot) = self.slot(&full) else {
            return Ok(None);
        };
        let loc = self.location(slot)?;
        Ok(self
            .named(&loc, module, parent, base, "class")
            .then_some((loc, full)))
    }

    /// Does the image have class `name` of `module`? (Its bytes unread.)
    pub fn has_class(&self, module: &str, name: &str) -> bool {
        self.class_location(module, name).is_ok_and(|l| l.is_some())
    }

    /// The class file `name` (internal form) of module `module`, if the
    /// image has it.
    pub fn class(&self, module: &str, name: &str) -> Result<Option<Vec<u8>>, String> {
        match self.class_location(module, name)? {
            None => Ok(None),
            Some((loc, full)) => self
                .resource(&loc)
                .map(Some)
                .map_err(|e| format!("{full}: {e}")),
        }
    }

    /// The classes (internal names) of `module` whose package is
    /// `package` (`java/util`), in no particular order.
    pub fn classes_in(&self, module: &str, package: &str) -> Vec<String> {
        self.classes(module, |p| p == package)
    }

    /// Every class (internal name) of `module`, in no particular order.
    pub fn all_classes(&self, module: &str) -> Vec<String> {
        self.classes(module, |_| true)
    }

    /// The module whose classes include package `package` (`java/util/logging`),
    /// if any (a package is in one module of an image).
    pub fn module_of_package(&self, package: &str) -> Option<&str> {
        self.packages
            .get_or_init(|| {
                let mut map = std::collections::HashMap::new();
                for slot in 0..self.offsets.len() {
                    let Ok(loc) = self.location(slot) else {
                        continue;
                    };
                    let part = |k: usize| self.string(loc.0[k]);
                    if part(EXTENSION) == Ok("class")
                        && let (Ok(module), Ok(parent)) = (part(MODULE), part(PARENT))
                        && !parent.is_empty()
                        && !map.contains_key(parent)
                    {
                        map.insert(parent.to_string(), module.to_string());
                    }
                }
                map
            })
            .get(package)
            .map(String::as_str)
    }

    /// Every module's `module-info.class`: (module name, bytes), in no
    /// particular order.
    pub fn module_infos(&self) -> Result<Vec<(String, Vec<u8>)>, String> {
        let mut out = Vec::new();
        for slot in 0..self.offsets.len() {
            let Ok(loc) = self.location(slot) else {
                continue;
            };
            let named = |kind: usize, want: &str| self.string(loc.0[kind]) == Ok(want);
            if named(BASE, "module-info") && named(EXTENSION, "class") && named(PARENT, "") {
                let module = self.string(loc.0[MODULE])?.to_string();
                let bytes = self
                    .resource(&loc)
                    .map_err(|e| format!("/{module}/module-info.class: {e}"))?;
                out.push((module, bytes));
            }
        }
        Ok(out)
    }

    fn classes(&self, module: &str, package: impl Fn(&str) -> bool) -> Vec<String> {
        (0..self.offsets.len())
            .filter_map(|slot| self.location(slot).ok())
            .filter(|loc| {
                self.string(loc.0[MODULE]) == Ok(module)
                    && self.string(loc.0[EXTENSION]) == Ok("class")
                    && self.string(loc.0[PARENT]).is_ok_and(&package)
            })
            .filter_map(|loc| {
                let parent = self.string(loc.0[PARENT]).ok()?;
                let base = self.string(loc.0[BASE]).ok()?;
                Some(if parent.is_empty() {
                    base.to_string()
                } else {
                    format!("{parent}/{base}")
                })
            })
            .collect()
    }

    /// A location's bytes, decompressed.
    fn resource(&self, loc: &Location) -> Result<Vec<u8>, String> {
        let (offset, compressed, size) = (loc.0[OFFSET], loc.0[COMPRESSED], loc.0[UNCOMPRESSED]);
        let stored = if compressed != 0 { compressed } else { size };
        let mut bytes = vec![0u8; usize::try_from(stored).map_err(|e| e.to_string())?];
        self.file
            .read_exact_at(&mut bytes, self.index_size + offset)
            .map_err(|e| {
                format!(
                    "reading {stored} bytes at {}: {e}",
                    self.index_size + offset
                )
            })?;
        if compressed == 0 {
            return Ok(bytes);
        }
        // Compressions may be stacked: each layer has its own header.
        let big = self.big_endian;
        while bytes.len() >= COMPRESSED_HEADER && u32_at(big, &bytes, 0) == COMPRESSED_MAGIC {
            let name = self.string(u32_at(big, &bytes, 20) as u64)?.to_string();
            let unpacked = u64_at(big, &bytes, 12);
            let payload = &bytes[COMPRESSED_HEADER..];
            bytes = match name.as_str() {
                "zip" => {
                    let mut out = Vec::with_capacity(unpacked as usize);
                    flate2::read::ZlibDecoder::new(payload)
                        .read_to_end(&mut out)
                        .map_err(|e| format!("inflating: {e}"))?;
                    out
                }
                other => {
                    return Err(format!(
                        "compressed with `{other}`, which m5 cannot decompress (only `zip`)"
                    ));
                }
            };
        }
        if bytes.len() as u64 != size {
            return Err(format!(
                "decompressed to {} bytes, the location says {size}",
                bytes.len()
            ));
        }
        Ok(bytes)
    }
}

/// The 4 bytes of `b` at `at` as a number in the image's byte order.
fn u32_at(big_endian: bool, b: &[u8], at: usize) -> u32 {
    u64_of(big_endian, &b[at..at + 4]) as u32
}

/// The 8 bytes of `b` at `at`, likewise.
fn u64_at(big_endian: bool, b: &[u8], at: usize) -> u64 {
    u64_of(big_endian, &b[at..at + 8])
}

fn u64_of(big_endian: bool, bytes: &[u8]) -> u64 {
    let fold = |v: u64, &b: &u8| (v << 8) | b as u64;
    if big_endian {
        bytes.iter().fold(0, fold)
    } else {
        bytes.iter().rev().fold(0, fold)
    }
}

/// The image's string hash: per UTF-8 byte, multiply by the FNV prime and
/// xor the byte in, starting from `seed`; the sign bit cleared.
fn hash(name: &str, seed: u32) -> u32 {
    name.bytes()
        .fold(seed, |h, b| h.wrapping_mul(HASH_MULTIPLIER) ^ b as u32)
        & 0x7fff_ffff
}
