//! The catalogues are embedded with `include_dir!`, which cargo does not track on stable: a
//! changed `.ftl` file must rebuild this crate.
fn main() {
    println!("cargo:rerun-if-changed=../../locales");
}
