//! Stamps the engine with a digest of its own source (ENGINE_SOURCE_DIGEST), so puzzles
//! kept between builds (bookgen/puzzle_cache.py) are keyed by the engine that made them:
//! a change to the Rust code that changes puzzles makes old entries unreachable, as a
//! change to the Python generators does.

use std::fs;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// FNV-1a over 64 bits, twice with different offsets: a fingerprint, not a defence.
fn fold(hash: &mut [u64; 2], bytes: &[u8]) {
    for &byte in bytes {
        for (h, prime) in hash
            .iter_mut()
            .zip([0x0100_0000_01b3_u64, 0x0000_0100_0000_01b3])
        {
            *h ^= u64::from(byte);
            *h = h.wrapping_mul(prime);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    sources(&root.join("src"), &mut found);
    found.sort();
    let mut hash = [0xcbf2_9ce4_8422_2325_u64, 0x6c62_272e_07bb_0142];
    for path in &found {
        let relative = path.strip_prefix(root).unwrap_or(path);
        fold(
            &mut hash,
            relative.to_string_lossy().replace('\\', "/").as_bytes(),
        );
        fold(&mut hash, &[0]);
        fold(&mut hash, &fs::read(path).unwrap_or_default());
    }
    fold(
        &mut hash,
        &fs::read(root.join("Cargo.toml")).unwrap_or_default(),
    );
    println!(
        "cargo:rustc-env=ENGINE_SOURCE_DIGEST={:016x}{:016x}",
        hash[0], hash[1]
    );
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
}
