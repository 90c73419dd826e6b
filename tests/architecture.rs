//! The layering ARCHITECTURE.md states. Between layers the crate graph says it (each layer is a
//! crate of the workspace, and a crate cannot name one it does not depend on), so here it is
//! pinned: the workspace's own dependencies are exactly the layers' allowed ones. Inside a
//! crate the compiler allows import circles among files, so every crate's files are checked on
//! the source to import one another in one direction (a file-level import graph per crate, with
//! no circle), and Night Wizard's files in the direction ARCHITECTURE.md names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's crates (folder → package) and the workspace crates each may depend on:
/// the catalogues and dice at the bottom, the drawing engine over them, the core (table, store, declarations) over
/// both, one crate per game over the core, their composition (`croupier-games`), the Discord
/// front end over the core, and the binary (`croupier`, the composition root) over all.
const LAYERS: &[(&str, &str, &[&str])] = &[
    ("macros", "croupier-macros", &[]),
    ("crates/i18n", "croupier-i18n", &[]),
    ("crates/dice", "croupier-dice", &["croupier-i18n"]),
    (
        "crates/draw",
        "croupier-draw",
        &["croupier-dice", "croupier-i18n"],
    ),
    (
        "crates/core",
        "croupier-core",
        &[
            "croupier-dice",
            "croupier-draw",
            "croupier-i18n",
            "croupier-macros",
        ],
    ),
    (
        "crates/dice_table",
        "croupier-dice-table",
        &["croupier-core"],
    ),
    ("crates/nobi", "croupier-nobi", &["croupier-core"]),
    (
        "crates/nightwizard",
        "croupier-nightwizard",
        &["croupier-core"],
    ),
    ("crates/nakama", "croupier-nakama", &["croupier-core"]),
    ("crates/ninja", "croupier-ninja", &["croupier-core"]),
    (
        "crates/games",
        "croupier-games",
        &[
            "croupier-core",
            "croupier-dice-table",
            "croupier-nobi",
            "croupier-nightwizard",
            "croupier-nakama",
            "croupier-ninja",
        ],
    ),
    ("crates/discord", "croupier-discord", &["croupier-core"]),
    (
        ".",
        "croupier",
        &[
            "croupier-core",
            "croupier-dice",
            "croupier-draw",
            "croupier-discord",
            "croupier-games",
            "croupier-macros",
        ],
    ),
];

/// The workspace crates a manifest's `[dependencies]` names (dev-dependencies are for tests).
fn workspace_deps(manifest: &str) -> BTreeSet<String> {
    let doc: toml::Table = manifest.parse().expect("a manifest is TOML");
    doc.get("dependencies")
        .and_then(|d| d.as_table())
        .map(|d| {
            d.keys()
                .filter(|k| k.starts_with("croupier"))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn each_layer_depends_only_on_the_layers_below_it() {
    let root: toml::Table = std::fs::read_to_string("Cargo.toml")
        .unwrap()
        .parse()
        .unwrap();
    let members: BTreeSet<String> = root["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let listed: BTreeSet<String> = LAYERS.iter().map(|(d, _, _)| d.to_string()).collect();
    assert_eq!(members, listed, "every workspace crate has its layer here");
    for (dir, name, allowed) in LAYERS {
        let manifest = std::fs::read_to_string(Path::new(dir).join("Cargo.toml")).unwrap();
        let doc: toml::Table = manifest.parse().unwrap();
        assert_eq!(doc["package"]["name"].as_str(), Some(*name), "{dir}");
        let deps = workspace_deps(&manifest);
        let allowed: BTreeSet<String> = allowed.iter().map(|a| a.to_string()).collect();
        assert_eq!(
            deps, allowed,
            "{name} ({dir}) depends on exactly its layers"
        );
    }
}

#[test]
fn the_layer_check_reads_dependencies_not_dev_dependencies() {
    let m = "[package]\nname = \"x\"\n[dependencies]\ncroupier-core = { path = \"c\" }\nserde = \"1\"\n[dev-dependencies]\ncroupier-games = { path = \"g\" }\n";
    assert_eq!(
        workspace_deps(m),
        BTreeSet::from(["croupier-core".to_string()])
    );
}

#[test]
fn no_crate_has_an_import_circle_among_its_files() {
    let mut problems = vec![];
    for (dir, name, _) in LAYERS {
        let g = file_graph(Path::new(dir));
        assert!(!g.is_empty(), "{name}: its files were found");
        let found = circles(&g);
        for (part, c) in found {
            let edges: Vec<String> = part
                .iter()
                .map(|f| {
                    let inside: Vec<&str> = g[f]
                        .iter()
                        .filter(|d| part.contains(*d))
                        .map(String::as_str)
                        .collect();
                    format!("  {f} → {}", inside.join(", "))
                })
                .collect();
            problems.push(format!(
                "{name}: {} files import one another in a circle, e.g. {}\n{}",
                part.len(),
                c.join(" → "),
                edges.join("\n")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_import_graph_sees_paths_reexports_and_globs() {
    // Real imports, through a folder's re-exports: the table's built-in commands, Night
    // Wizard's asked Judges reaching the one Judge (`judge::roll_for`).
    let core = file_graph(Path::new("crates/core"));
    assert!(
        core["crates/core/src/table/generic.rs"].contains("crates/core/src/table/builtins.rs"),
        "{core:#?}"
    );
    let nw = file_graph(Path::new("crates/nightwizard"));
    assert!(nw.len() > 60, "{nw:#?}");
    assert!(
        nw["crates/nightwizard/src/ask/mod.rs"].contains("crates/nightwizard/src/judge/request.rs"),
        "{:#?}",
        nw["crates/nightwizard/src/ask/mod.rs"]
    );
    // No test file is a node.
    assert!(nw.keys().all(|f| !f.contains("test")), "{:#?}", nw.keys());

    // A small crate: `a` takes `B` through `b`'s re-export of `c::B` and calls `c` by a path;
    // `c` takes everything of `d` by a glob; `d` re-exports `a::A`. A circle a → c → d → a
    // (and a → b, a re-export), and the test module's import of `b` is left out.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("b")).unwrap();
    let files = [
        (
            "lib.rs",
            "pub mod a;\npub mod b;\nmod c;\n#[cfg(test)]\nmod t;\npub mod d;\n",
        ),
        (
            "a.rs",
            "use crate::b::B;\npub struct A;\npub fn f() -> B { super::c::g() }\n",
        ),
        ("b/mod.rs", "mod inner;\npub use crate::c::B;\n"),
        ("b/inner.rs", "pub fn h() {}\n"),
        (
            "c.rs",
            "use super::d::*;\npub struct B;\npub fn g() -> B { let _ = A; B }\n",
        ),
        (
            "d.rs",
            "pub use crate::a::A;\n#[cfg(test)]\nmod tests {\n    use crate::b::B;\n}\n",
        ),
        ("t.rs", "use crate::b::B;\n"),
    ];
    for (f, text) in files {
        std::fs::write(src.join(f), text).unwrap();
    }
    let g = file_graph(dir.path());
    let node = |f: &str| src.join(f).display().to_string();
    let deps = |f: &str| -> BTreeSet<String> { g[&node(f)].clone() };
    assert_eq!(deps("a.rs"), BTreeSet::from([node("c.rs")]), "{g:#?}");
    assert_eq!(
        deps("b/mod.rs"),
        BTreeSet::from([node("c.rs")]),
        "a re-export is an edge"
    );
    assert_eq!(
        deps("c.rs"),
        BTreeSet::from([node("d.rs")]),
        "a glob is an edge"
    );
    assert_eq!(
        deps("d.rs"),
        BTreeSet::from([node("a.rs")]),
        "tests are left out"
    );
    assert!(!g.contains_key(&node("t.rs")), "a test file is no node");
    let found = circles(&g);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].1,
        [node("a.rs"), node("c.rs"), node("d.rs"), node("a.rs")]
    );
    // Take the glob away and the circle is gone.
    std::fs::write(src.join("c.rs"), "pub struct B;\npub fn g() -> B { B }\n").unwrap();
    assert!(circles(&file_graph(dir.path())).is_empty());
}

#[test]
fn the_cycle_check_finds_a_cycle() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.insert("a".into(), ["b".to_string()].into());
    g.insert("b".into(), ["c".to_string()].into());
    g.insert("c".into(), ["a".to_string()].into());
    g.insert("d".into(), ["a".to_string()].into());
    assert_eq!(cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    let parts = circles(&g);
    assert_eq!(parts.len(), 1);
    assert_eq!(
        parts[0].0,
        BTreeSet::from(["a", "b", "c"].map(String::from))
    );
    g.get_mut("c").unwrap().clear();
    assert_eq!(cycle(&g), None);
    assert!(circles(&g).is_empty());
}

#[test]
fn the_parser_reads_uses_and_leaves_out_tests() {
    assert_eq!(
        without_tests("use a;\n#[cfg(test)]\nmod tests {\n    use super::b;\n}\nfn c() {}\n#[cfg(test)]\nmod t;\nuse d;"),
        "use a;\nfn c() {}\nuse d;"
    );
    let uses = use_paths("use super::{a::{B, C as D}, e};\npub use f::*;\n");
    let names: Vec<&str> = uses.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["B", "D", "e", "*"]);
    let kids = BTreeSet::from(["k".to_string()]);
    assert_eq!(
        absolute(
            &["x".into(), "y".into()],
            &["super".into(), "z".into()],
            &kids
        ),
        Some(vec!["x".to_string(), "z".to_string()])
    );
    assert_eq!(
        absolute(&["x".into()], &["k".into(), "f".into()], &kids),
        Some(vec!["x".to_string(), "k".to_string(), "f".to_string()])
    );
    assert_eq!(absolute(&["x".into()], &["serde".into()], &kids), None);
    let (outer, mods) =
        inline_mods("fn a() {}\npub mod limits {\n    pub const X: u8 = 1;\n}\nfn b() {}");
    assert_eq!(outer, "fn a() {}\n\nfn b() {}");
    assert_eq!(
        mods,
        [(
            "limits".to_string(),
            "\n    pub const X: u8 = 1;\n".to_string()
        )]
    );
}
// --- The file-level import graph of a crate. Each file is a node (a module, or a module and
// the inline modules it holds). A path to `crate::x::Y`, `super::…`, `self::…` or a child
// module (`child::f`), in a `use` or in the code, is an edge to the file that defines `Y`,
// following `use`/`pub use` re-exports and glob imports to it; a `pub use` re-export and a glob
// import are edges themselves (a glob to the file it names). `#[cfg(test)]` items and the files
// they declare are left out.

/// A module: the file it lives in and its code.
struct Module {
    file: PathBuf,
    code: String,
    /// `use`/`pub use` statements: a name (or `*`) → the absolute path it comes from.
    uses: Vec<(String, Vec<String>)>,
    /// Names it defines (`struct`, `enum`, `fn`, `const`, `type`, `trait`, `static`, `union`).
    defines: BTreeSet<String>,
    /// Names it takes from outside the crate (`use serde::Serialize`, `pub use other_crate as x`).
    external: BTreeSet<String>,
}

/// The code without `#[cfg(test)]` items and comment lines.
fn without_tests(src: &str) -> String {
    let lines: Vec<&str> = src.lines().collect();
    let mut out = vec![];
    let mut i = 0;
    while i < lines.len() {
        let t = lines[i].trim_start();
        if t.starts_with("#[cfg(test)]") {
            // Skip attributes, then the item: one line ending in `;`, or a balanced block.
            i += 1;
            while i < lines.len() && lines[i].trim_start().starts_with("#[") {
                i += 1;
            }
            let mut depth = 0i32;
            while i < lines.len() {
                let l = lines[i];
                depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                i += 1;
                if depth <= 0 && (l.trim_end().ends_with(';') || l.trim_end().ends_with('}')) {
                    break;
                }
            }
            continue;
        }
        if !t.starts_with("//") {
            out.push(lines[i]);
        }
        i += 1;
    }
    out.join("\n")
}

/// `#[path = "x.rs"] mod name;` and `mod name;` declarations: (name, file, under cfg(test)).
fn declared_mods(src: &str, dir: &Path, own_dir: &Path) -> Vec<(String, PathBuf, bool)> {
    let mut out = vec![];
    let lines: Vec<&str> = src.lines().map(str::trim).collect();
    for (i, l) in lines.iter().enumerate() {
        let decl = ["pub mod ", "pub(crate) mod ", "pub(super) mod ", "mod "]
            .iter()
            .find_map(|p| l.strip_prefix(p));
        let Some(name) = decl.and_then(|d| d.strip_suffix(';')) else {
            continue;
        };
        let mut test = false;
        let mut path = None;
        let mut k = i;
        while k > 0 && lines[k - 1].starts_with("#[") {
            k -= 1;
            if lines[k].starts_with("#[cfg(test)]") {
                test = true;
            }
            if let Some(p) = lines[k].strip_prefix("#[path = \"") {
                path = p.split('"').next().map(|p| dir.join(p));
            }
        }
        let file = path.unwrap_or_else(|| {
            let flat = own_dir.join(format!("{name}.rs"));
            if flat.exists() {
                flat
            } else {
                own_dir.join(name).join("mod.rs")
            }
        });
        out.push((name.to_string(), file, test));
    }
    out
}

/// The inline modules of `code` (`mod name { … }`, any visibility): the code outside them, and
/// each one's name and body.
fn inline_mods(code: &str) -> (String, Vec<(String, String)>) {
    let mut outer = String::new();
    let mut mods = vec![];
    let mut rest = code;
    while let Some(i) = rest.find("mod ") {
        let before = rest[..i].chars().last().unwrap_or(' ');
        let after = &rest[i + 4..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let is_ident_start = !(before.is_alphanumeric() || before == '_');
        if !is_ident_start || name.is_empty() || !after[name.len()..].trim_start().starts_with('{')
        {
            outer.push_str(&rest[..i + 4]);
            rest = after;
            continue;
        }
        let head = rest[..i]
            .trim_end_matches("pub ")
            .trim_end_matches("pub(crate) ")
            .trim_end_matches("pub(super) ");
        outer.push_str(head);
        let open = i + 4 + name.len() + after[name.len()..].find('{').unwrap_or(0);
        let mut depth = 0;
        let mut close = rest.len();
        for (k, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + k;
                        break;
                    }
                }
                _ => {}
            }
        }
        mods.push((name, rest[open + 1..close].to_string()));
        rest = rest.get(close + 1..).unwrap_or("");
    }
    outer.push_str(rest);
    (outer, mods)
}

/// Every `use` statement as (name or `*`, path segments), nested groups expanded.
fn use_paths(code: &str) -> Vec<(String, Vec<String>)> {
    fn expand(prefix: &str, body: &str, out: &mut Vec<String>) {
        let body = body.trim();
        if let Some(open) = body.find('{') {
            let head = format!("{prefix}{}", &body[..open]);
            let inner = &body[open + 1..body.rfind('}').unwrap_or(body.len())];
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&head, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&head, &inner[start..], out);
        } else if !body.is_empty() {
            out.push(format!("{prefix}{body}"));
        }
    }
    let mut out = vec![];
    let flat = code.replace('\n', " ");
    for (i, _) in flat.match_indices("use ") {
        let before = flat[..i].chars().last().unwrap_or(' ');
        if before.is_alphanumeric() || before == '_' {
            continue;
        }
        let stmt = flat[i + 4..].split(';').next().unwrap_or("");
        if stmt.contains('(') || stmt.contains('"') {
            continue;
        }
        let mut paths = vec![];
        expand("", stmt, &mut paths);
        for p in paths {
            let alias = p.split(" as ").nth(1).map(|a| a.trim().to_string());
            let p = p.split(" as ").next().unwrap_or("").trim().to_string();
            let segs: Vec<String> = p
                .trim_start_matches("::")
                .split("::")
                .map(|s| s.trim().to_string())
                .collect();
            if let Some(last) = segs.last() {
                let name = if let Some(a) = alias {
                    a
                } else if last == "self" {
                    segs[segs.len().saturating_sub(2)].clone()
                } else {
                    last.clone()
                };
                out.push((name, segs));
            }
        }
    }
    out
}

/// A path written in module `at` made absolute from the crate root, if it points inside: it
/// starts with `crate`, `super`, `self` or one of `children` (the modules `at` declares).
fn absolute(at: &[String], segs: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let mut base: Vec<String> = at.to_vec();
    let mut rest = segs;
    match rest.first().map(String::as_str) {
        Some("crate") => return Some(rest[1..].to_vec()),
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some("self") => rest = &rest[1..],
        Some(first) if children.contains(first) => {}
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Every module reachable from a crate root (`src/lib.rs`, `src/main.rs`), tests left out.
fn crate_modules(root: &Path) -> BTreeMap<Vec<String>, Module> {
    let mut out = BTreeMap::new();
    let mut todo = vec![(vec![], root.to_path_buf())];
    while let Some((at, file)) = todo.pop() {
        let src =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let dir = file.parent().unwrap().to_path_buf();
        let stem = file.file_name().unwrap();
        let own_dir = if stem == "mod.rs" || file == root {
            dir.clone()
        } else {
            dir.join(file.file_stem().unwrap())
        };
        for (name, child, test) in declared_mods(&src, &dir, &own_dir) {
            if !test {
                let mut p: Vec<String> = at.clone();
                p.push(name);
                todo.push((p, child));
            }
        }
        // The file's module and its inline modules, each read on its own.
        let mut inline = vec![(at.clone(), without_tests(&src))];
        while let Some((path, code)) = inline.pop() {
            let (code, mods) = inline_mods(&code);
            for (name, body) in mods {
                let mut p = path.clone();
                p.push(name);
                inline.push((p, body));
            }
            out.insert(
                path,
                Module {
                    file: file.clone(),
                    defines: defined_names(&code),
                    uses: vec![],
                    external: BTreeSet::new(),
                    code,
                },
            );
        }
    }
    let children: BTreeMap<Vec<String>, BTreeSet<String>> = out
        .keys()
        .map(|at| {
            let kids = out
                .keys()
                .filter(|k| k.len() == at.len() + 1 && k.starts_with(at))
                .map(|k| k.last().unwrap().clone())
                .collect();
            (at.clone(), kids)
        })
        .collect();
    for (at, m) in out.iter_mut() {
        for (name, segs) in use_paths(&m.code) {
            match absolute(at, &segs, &children[at]) {
                Some(path) => m.uses.push((name, path)),
                None => {
                    m.external.insert(name);
                }
            }
        }
    }
    out
}

/// The names an item of `code` defines.
fn defined_names(code: &str) -> BTreeSet<String> {
    let mut defines = BTreeSet::new();
    for kw in [
        "struct ", "enum ", "fn ", "const ", "type ", "trait ", "static ", "union ",
    ] {
        for (i, _) in code.match_indices(kw) {
            let before = code[..i].chars().last().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' {
                continue;
            }
            let name: String = code[i + kw.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                defines.insert(name);
            }
        }
    }
    defines
}

/// The module that defines what `path` names (following re-exports and globs), or the deepest
/// module on the path.
fn defining_module(
    mods: &BTreeMap<Vec<String>, Module>,
    path: &[String],
    depth: u32,
) -> Option<Vec<String>> {
    let mut k = path.len();
    while k > 0 && !mods.contains_key(&path[..k]) {
        k -= 1;
    }
    let module = path[..k].to_vec();
    let m = mods.get(&module)?;
    let Some(item) = path.get(k) else {
        return Some(module);
    };
    if m.defines.contains(item) || depth > 8 {
        return Some(module);
    }
    if m.external.contains(item) && !m.uses.iter().any(|(n, _)| n == item) {
        return None;
    }
    for (name, from) in &m.uses {
        if name == item && from.as_slice() != path {
            if let Some(d) = defining_module(mods, from, depth + 1) {
                return Some(d);
            }
        }
    }
    for (name, from) in &m.uses {
        if name == "*" {
            let mut p = from[..from.len() - 1].to_vec();
            p.push(item.clone());
            if let Some(d) = defining_module(mods, &p, depth + 1) {
                if d != module && mods.get(&d).is_some_and(|m| m.defines.contains(item)) {
                    return Some(d);
                }
            }
        }
    }
    Some(module)
}

/// The paths a module's code names: its `use` statements and the paths in its code.
fn named_paths(at: &[String], m: &Module, children: &BTreeSet<String>) -> Vec<Vec<String>> {
    let mut paths: Vec<Vec<String>> = m.uses.iter().map(|(_, p)| p.clone()).collect();
    let code = &m.code;
    for prefix in ["super::", "crate::", "self::"] {
        for (i, _) in code.match_indices(prefix) {
            let before = code[..i].chars().last().unwrap_or(' ');
            if before.is_alphanumeric() || before == '_' || before == ':' {
                continue;
            }
            let text: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if text.ends_with("::") {
                // `super::x::{a, b}`: a `use` group, read with the `use` statements.
                continue;
            }
            let segs: Vec<String> = text
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if let Some(abs) = absolute(at, &segs, children) {
                paths.push(abs);
            }
        }
    }
    paths
}

/// The file-level import graph of a crate folder (its `src/lib.rs` and `src/main.rs`): each
/// file (relative to the workspace) → the files it imports from.
fn file_graph(crate_dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for root in ["src/lib.rs", "src/main.rs"] {
        let root = crate_dir.join(root);
        if !root.exists() {
            continue;
        }
        let mods = crate_modules(&root);
        let name = |p: &Path| p.strip_prefix(".").unwrap_or(p).display().to_string();
        for (at, m) in &mods {
            let children: BTreeSet<String> = mods
                .keys()
                .filter(|k| k.len() == at.len() + 1 && k.starts_with(at))
                .map(|k| k.last().unwrap().clone())
                .collect();
            let deps = g.entry(name(&m.file)).or_default();
            for p in named_paths(at, m, &children) {
                if let Some(d) = defining_module(&mods, &p, 0) {
                    if mods[&d].file != m.file {
                        deps.insert(name(&mods[&d].file));
                    }
                }
            }
        }
    }
    g
}

/// Every import circle in the graph: each strongly connected part of more than one file (its
/// files, and one circle through them).
fn circles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<(BTreeSet<String>, Vec<String>)> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(n) = todo.pop() {
            for d in g.get(&n).into_iter().flatten() {
                if seen.insert(d.clone()) {
                    todo.push(d.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> = g.keys().map(|n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = vec![];
    for n in g.keys() {
        if done.contains(n) || !reached[n].contains(n) {
            continue;
        }
        let part: BTreeMap<String, BTreeSet<String>> = reached[n]
            .iter()
            .filter(|m| reached.get(m).is_some_and(|r| r.contains(n)))
            .map(|m| {
                let inside = g[m]
                    .iter()
                    .filter(|d| reached[*d].contains(n) && reached[n].contains(*d))
                    .cloned()
                    .collect();
                (m.clone(), inside)
            })
            .collect();
        done.extend(part.keys().cloned());
        if let Some(c) = cycle(&part) {
            out.push((part.keys().cloned().collect(), c));
        }
    }
    out
}

/// A cycle in the graph, if any, as the modules along it.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|s| s == d).unwrap_or(0);
                    let mut c = stack[at..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(d, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in g.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(n, g, &mut state, &mut vec![]) {
                return Some(c);
            }
        }
    }
    None
}

// --- Night Wizard: its rules (the state, the declarations, the Judge and the features) never
// call back into the dispatcher, the view or the picture. A circle check cannot say this (a
// rule reaching up where nothing reaches back down is no circle), so it is checked here.

const NW: &str = "crates/nightwizard/src/";

/// The Night Wizard files under `part` (a file or a folder).
fn nw_files<'g>(g: &'g BTreeMap<String, BTreeSet<String>>, part: &str) -> Vec<&'g String> {
    g.keys()
        .filter(|f| {
            let rel = &f[NW.len()..];
            rel == format!("{part}.rs") || rel.starts_with(&format!("{part}/"))
        })
        .collect()
}

#[test]
fn no_night_wizard_rule_calls_back_into_the_dispatcher_or_the_view() {
    let g = file_graph(Path::new("crates/nightwizard"));
    let top: BTreeSet<&String> = ["dispatch", "view", "picture"]
        .iter()
        .flat_map(|u| nw_files(&g, u))
        .collect();
    assert_eq!(top.len(), 3, "{top:?}");
    let rules = [
        "state",
        "commands",
        "data",
        "character",
        "judge",
        "status",
        "cf",
        "pcs",
        "phase",
        "prana",
        "casket",
        "ask",
        "fortress",
        "combat",
    ];
    let mut wrong = vec![];
    for part in rules {
        let files = nw_files(&g, part);
        assert!(!files.is_empty(), "{part} is a Night Wizard module");
        for f in files {
            for d in g[f].iter().filter(|d| top.contains(d)) {
                wrong.push(format!("{f} imports {d}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
