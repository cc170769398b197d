//! The shared grader (its board, its loop and the shared techniques, all under
//! src/grader/) names no family of puzzle types and imports nothing that does: families
//! plug into it (see new_family.rs), it never reaches for them.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn the_grader_names_no_family() {
    let grader = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("grader");
    let mut files = Vec::new();
    rust_files(&grader, &mut files);
    assert!(files.len() > 5, "the grader's files are found");
    // The families' modules, the registry of them, and the Python face that uses both.
    let outside = [
        "kenken",
        "killer",
        "crate::families",
        "families!",
        "crate::py",
    ];
    let mut named = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("a readable source file");
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for word in outside {
                if lower.contains(word) {
                    named.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(named.is_empty(), "the grader names: {named:#?}");
}
