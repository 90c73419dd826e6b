//! `#[derive(Commands)]` and `#[derive(Choices)]`: a game declares each command once, as a typed
//! enum, and gets its slash-command declaration (`CommandSpec`), its parser (a `Command`'s options
//! → the typed value, refusing undeclared options), permissions, scope and help text from it.
//!
//! ```ignore
//! /// Nobi Nobi Sword: a tiny fantasy RPG
//! #[derive(Commands)]
//! #[commands(name = "nobi")]
//! enum NobiCommand {
//!     /// Take a seat with a character
//!     Join {
//!         /// Your character
//!         #[opt(autocomplete)]
//!         character: Option<String>,
//!     },
//!     /// Begin the adventure (host)
//!     #[cmd(perm = host, public)]
//!     Begin,
//!     /// Decide the check (GM)
//!     #[cmd(perm = gm)]
//!     Verdict { /// Success or failure
//!               result: Outcome },
//! }
//! ```
//! The generated code names `::croupier_core::table::*`, so the `croupier-core` crate says
//! `extern crate self as croupier_core;`.

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as Ts};
use quote::quote;
use syn::{
    parse_macro_input, Attribute, Data, DeriveInput, Error, Expr, ExprLit, Fields, GenericArgument,
    Ident, Lit, LitStr, PathArguments, Type,
};

/// The text of the `///` doc comments, joined by spaces.
fn doc_of(attrs: &[Attribute]) -> Option<String> {
    let mut lines = vec![];
    for a in attrs {
        if !a.path().is_ident("doc") {
            continue;
        }
        if let syn::Meta::NameValue(nv) = &a.meta {
            if let Expr::Lit(ExprLit {
                lit: Lit::Str(s), ..
            }) = &nv.value
            {
                let t = s.value().trim().to_string();
                if !t.is_empty() {
                    lines.push(t);
                }
            }
        }
    }
    (!lines.is_empty()).then(|| lines.join(" "))
}

/// `Option<T>` → `Some(T)`.
fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &seg.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(t) => Some(t),
        _ => None,
    }
}

/// `SomeName` → `somename` (subcommand and choice names are lower case on Discord).
fn lower(ident: &Ident) -> String {
    ident.to_string().to_lowercase()
}

#[derive(Default)]
struct VariantAttrs {
    name: Option<String>,
    perm: Option<Ident>,
    public: bool,
    private_when: Option<(String, Vec<String>)>,
    guild: bool,
    guild_when: Option<String>,
    view: bool,
    top_level: Option<String>,
    skip: bool,
    dm: bool,
}

fn variant_attrs(attrs: &[Attribute]) -> syn::Result<VariantAttrs> {
    let mut out = VariantAttrs::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("cmd")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("name") {
                out.name = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("perm") {
                out.perm = Some(m.value()?.parse::<Ident>()?);
            } else if m.path.is_ident("public") {
                out.public = true;
            } else if m.path.is_ident("guild") {
                out.guild = true;
            } else if m.path.is_ident("guild_when") {
                out.guild = true;
                out.guild_when = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("view") {
                out.view = true;
            } else if m.path.is_ident("skip") {
                out.skip = true;
            } else if m.path.is_ident("dm") {
                out.dm = true;
            } else if m.path.is_ident("top_level") {
                out.top_level = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("private_when") {
                let mut option = None;
                let mut values = vec![];
                m.parse_nested_meta(|n| {
                    if n.path.is_ident("option") {
                        option = Some(n.value()?.parse::<LitStr>()?.value());
                    } else if n.path.is_ident("values") {
                        let content;
                        syn::parenthesized!(content in n.input);
                        let list = content
                            .parse_terminated(<LitStr as syn::parse::Parse>::parse, syn::Token![,])?;
                        values.extend(list.into_iter().map(|l| l.value()));
                    } else {
                        return Err(n.error("expected option = \"…\" or values(\"a\", \"b\")"));
                    }
                    Ok(())
                })?;
                let option = option.ok_or_else(|| m.error("private_when needs option = \"…\""))?;
                out.private_when = Some((option, values));
            } else {
                return Err(m.error(
                    "unknown #[cmd] key; expected name, perm, public, private_when, guild, guild_when, view, dm, top_level or skip",
                ));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

#[derive(Default)]
struct FieldAttrs {
    name: Option<String>,
    autocomplete: bool,
    flatten: bool,
    min: Option<i64>,
    max: Option<i64>,
    max_length: Option<i64>,
    modal: bool,
}

fn int_lit(m: &syn::meta::ParseNestedMeta) -> syn::Result<i64> {
    let e: Expr = m.value()?.parse()?;
    let (neg, lit) = match &e {
        Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => (true, &*u.expr),
        other => (false, other),
    };
    match lit {
        Expr::Lit(ExprLit {
            lit: Lit::Int(i), ..
        }) => {
            let v: i64 = i.base10_parse()?;
            Ok(if neg { -v } else { v })
        }
        _ => Err(m.error("expected a whole number")),
    }
}

fn field_attrs(attrs: &[Attribute]) -> syn::Result<FieldAttrs> {
    let mut out = FieldAttrs::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("opt")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("name") {
                out.name = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("autocomplete") {
                out.autocomplete = true;
            } else if m.path.is_ident("flatten") {
                out.flatten = true;
            } else if m.path.is_ident("modal") {
                out.modal = true;
            } else if m.path.is_ident("min") {
                out.min = Some(int_lit(&m)?);
            } else if m.path.is_ident("max") {
                out.max = Some(int_lit(&m)?);
            } else if m.path.is_ident("max_length") {
                let n = int_lit(&m)?;
                if !(1..=6000).contains(&n) {
                    return Err(m.error("max_length is from 1 to 6000 (Discord's limit)"));
                }
                out.max_length = Some(n);
            } else {
                return Err(m.error(
                    "unknown #[opt] key; expected name, autocomplete, flatten, min, max, max_length or modal",
                ));
            }
            Ok(())
        })?;
    }
    Ok(out)
}

fn container(input: &DeriveInput) -> syn::Result<(String, String)> {
    let mut name = None;
    let mut description = None;
    for a in input.attrs.iter().filter(|a| a.path().is_ident("commands")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("name") {
                name = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("description") {
                description = Some(m.value()?.parse::<LitStr>()?.value());
            } else {
                return Err(m.error("expected name = \"…\" or description = \"…\""));
            }
            Ok(())
        })?;
    }
    let name = name.ok_or_else(|| {
        Error::new(
            Span::call_site(),
            "#[derive(Commands)] needs #[commands(name = \"…\")]",
        )
    })?;
    let description = description
        .or_else(|| doc_of(&input.attrs))
        .ok_or_else(|| {
            Error::new(
                Span::call_site(),
                "#[derive(Commands)] needs a /// doc comment (the command's description)",
            )
        })?;
    Ok((name, description))
}

/// Derives `croupier_core::table::Commands` for an enum: one variant per subcommand.
#[proc_macro_derive(Commands, attributes(commands, cmd, opt))]
pub fn derive_commands(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match commands(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn commands(input: &DeriveInput) -> syn::Result<Ts> {
    let ty = &input.ident;
    let (name, description) = container(input)?;
    let data = match &input.data {
        Data::Enum(e) => e,
        Data::Struct(st) => return leaf_struct(input, st, &name, &description),
        Data::Union(_) => {
            return Err(Error::new_spanned(
                &input.ident,
                "#[derive(Commands)] works on enums (a command with subcommands) and structs (one command)",
            ))
        }
    };
    let t = quote!(::croupier_core::table::declare);
    let mut subs = vec![];
    let mut arms = vec![];
    let mut names = vec![];
    let mut paths = vec![];
    let mut writes = vec![];
    let mut samples = vec![];
    for v in &data.variants {
        let va = variant_attrs(&v.attrs)?;
        let vid = &v.ident;
        if va.skip {
            let pat = match &v.fields {
                Fields::Unit => quote!(#ty::#vid),
                Fields::Named(_) => quote!(#ty::#vid { .. }),
                Fields::Unnamed(_) => quote!(#ty::#vid(..)),
            };
            paths.push(quote!(#pat => None,));
            writes.push(quote!(#pat => {}));
            continue;
        }
        match &v.fields {
            Fields::Unnamed(f) if f.unnamed.len() == 1 => {
                // A group: its own enum declares the subcommands.
                let inner = &f.unnamed[0].ty;
                let rename = va.name.clone();
                let sub_name = match &rename {
                    Some(n) => quote!(#n.to_string()),
                    None => quote!(<#inner as #t::Commands>::NAME.to_string()),
                };
                let top = va
                    .top_level
                    .as_ref()
                    .map(|tl| quote!(s = s.top_level(#tl);));
                let guild = va.guild.then(|| quote!(s = s.guild_wide();));
                subs.push(quote! {{
                    let mut s = <#inner as #t::Commands>::spec();
                    s.name = #sub_name;
                    #top
                    #guild
                    s
                }});
                let key = match &rename {
                    Some(n) => quote!(#n),
                    None => quote!(<#inner as #t::Commands>::NAME),
                };
                arms.push(quote! {
                    s if s == #key => Ok(#ty::#vid(<#inner as #t::Commands>::from_command_at(cmd, at + 1)?)),
                });
                names.push(key.clone());
                paths.push(
                    quote!(#ty::#vid(inner) => inner.path().map(|p| format!("{} {}", #key, p)),),
                );
                // A group registered under its own name (`#[cmd(top_level = "nwcombat")]`)
                // is written the way users type it (`/nwcombat dodge`): `Command::typed`.
                let typed = va.top_level.as_ref().map(|tl| {
                    quote! {
                        cmd.typed = Some(
                            ::std::iter::once(#tl.to_string())
                                .chain(cmd.path[__at + 1..].iter().cloned())
                                .collect(),
                        );
                    }
                });
                writes.push(quote! {
                    #ty::#vid(inner) => {
                        let __at = cmd.path.len();
                        cmd.path.push(#key.to_string());
                        #t::Commands::write_at(inner, cmd);
                        #typed
                    }
                });
                samples.push(quote! {
                    __out.extend(<#inner as #t::Commands>::samples().into_iter().map(#ty::#vid));
                });
                continue;
            }
            Fields::Unnamed(_) => {
                return Err(Error::new_spanned(
                    vid,
                    "a tuple variant is a group and holds exactly one Commands enum",
                ))
            }
            _ => {}
        }
        let sub = va.name.clone().unwrap_or_else(|| lower(vid));
        let desc = doc_of(&v.attrs).ok_or_else(|| {
            Error::new_spanned(
                vid,
                "each subcommand needs a /// doc comment (its description)",
            )
        })?;
        let o = leaf_options(&v.fields)?;
        let (opt_specs, reads) = (&o.specs, &o.reads);
        let allowed_names = names_expr(&o.allowed);
        let perm = perm_tokens(&va)?;
        let answer = answer_tokens(&va);
        let guild = va.guild;
        let guild_when = match &va.guild_when {
            Some(o) => quote!(Some(#o.to_string())),
            None => quote!(None),
        };
        let view = va.view;
        let (binds, field_writes, sample_fields) = (&o.binds, &o.writes, &o.sample_fields);
        match &v.fields {
            Fields::Unit => {
                writes.push(quote!(#ty::#vid => { cmd.path.push(#sub.to_string()); }));
                samples.push(quote!(__out.push(#ty::#vid);));
            }
            _ => {
                writes.push(quote! {
                    #ty::#vid { #(#binds),* } => {
                        cmd.path.push(#sub.to_string());
                        #(#field_writes)*
                    }
                });
                samples.push(leaf_samples(&o, quote!(#ty::#vid { #(#sample_fields)* })));
            }
        }
        subs.push(quote! {{
            let mut s = ::croupier_core::table::CommandSpec::new(#sub, #desc);
            #(#opt_specs)*
            #answer
            s.permission = #perm;
            s.guild = #guild;
            s.guild_when = #guild_when;
            s.view = #view;
            s
        }});
        let build = match &v.fields {
            Fields::Unit => quote!(#ty::#vid),
            _ => quote!(#ty::#vid { #(#reads)* }),
        };
        arms.push(quote! {
            #sub => {
                #t::leaf_only(cmd, at, #allowed_names)?;
                Ok(#build)
            }
        });
        names.push(quote!(#sub));
        let pat = match &v.fields {
            Fields::Unit => quote!(#ty::#vid),
            _ => quote!(#ty::#vid { .. }),
        };
        paths.push(quote!(#pat => Some(#sub.to_string()),));
    }
    Ok(quote! {
        impl #t::Commands for #ty {
            const NAME: &'static str = #name;
            fn spec() -> ::croupier_core::table::CommandSpec {
                let mut c = ::croupier_core::table::CommandSpec::new(#name, #description);
                #( c = c.sub(#subs); )*
                c
            }
            fn from_command_at(
                cmd: &::croupier_core::table::Command,
                at: usize,
            ) -> ::std::result::Result<Self, ::croupier_core::table::RuleError> {
                let sub = cmd.path.get(at).map(String::as_str).unwrap_or("");
                #[allow(unreachable_code)]
                match sub {
                    #(#arms)*
                    _ => Err(#t::unknown_subcommand(cmd, at, &[#(#names),*])),
                }
            }
            fn path(&self) -> Option<String> {
                #[allow(unreachable_patterns)]
                match self {
                    #(#paths)*
                }
            }
            fn write_at(&self, cmd: &mut ::croupier_core::table::Command) {
                #[allow(unreachable_patterns, unused_variables)]
                match self {
                    #(#writes)*
                }
            }
            fn samples() -> Vec<Self> {
                let mut __out = Vec::new();
                #(#samples)*
                __out
            }
        }
    })
}

/// What the derive generates for a leaf's options.
#[derive(Default)]
struct LeafOptions {
    /// Their declarations (statements on `s`).
    specs: Vec<Ts>,
    /// Their reads (`field: value,`).
    reads: Vec<Ts>,
    /// Their names (each an expression of type `&[&str]`).
    allowed: Vec<Ts>,
    /// The fields, bound by name in a pattern.
    binds: Vec<Ident>,
    /// Their writes back into `cmd` (statements, the fields bound by name).
    writes: Vec<Ts>,
    /// Each field's samples (`let __s_field: Vec<T> = …;`).
    sample_lets: Vec<Ts>,
    /// Each field's `k`th sample (`field: nth(&__s_field, k),`).
    sample_fields: Vec<Ts>,
    /// The sample lists' names.
    sample_lists: Vec<Ident>,
}

/// The options of a leaf: their declarations, reads, names, writes and samples
/// (`#[opt(flatten)]` fields add a whole `Options` struct's).
fn leaf_options(fields: &Fields) -> syn::Result<LeafOptions> {
    let t = quote!(::croupier_core::table::declare);
    let mut out = LeafOptions::default();
    if let Fields::Named(f) = fields {
        for field in &f.named {
            let fid = field.ident.as_ref().expect("named");
            let fa = field_attrs(&field.attrs)?;
            let list = Ident::new(
                &format!("__samples_{}", fid.to_string().trim_start_matches("r#")),
                Span::call_site(),
            );
            out.binds.push(fid.clone());
            out.sample_fields.push(quote!(#fid: #t::nth(&#list, __k),));
            out.sample_lists.push(list.clone());
            if fa.flatten {
                let fty = &field.ty;
                out.specs
                    .push(quote!(s = <#fty as #t::Options>::add_options(s);));
                out.reads
                    .push(quote!(#fid: <#fty as #t::Options>::from_options(cmd)?,));
                out.allowed
                    .push(quote!(&<#fty as #t::Options>::names()[..]));
                out.writes
                    .push(quote!(<#fty as #t::Options>::write_options(#fid, cmd);));
                out.sample_lets
                    .push(quote!(let #list: Vec<#fty> = <#fty as #t::Options>::samples();));
                continue;
            }
            let oname = fa
                .name
                .clone()
                .unwrap_or_else(|| fid.to_string().trim_start_matches("r#").to_string());
            let odesc = doc_of(&field.attrs).ok_or_else(|| {
                Error::new_spanned(fid, "each option needs a /// doc comment (its description)")
            })?;
            let (inner, required) = match option_inner(&field.ty) {
                Some(i) => (i.clone(), false),
                None => (field.ty.clone(), true),
            };
            let auto = fa.autocomplete;
            let min = match fa.min {
                Some(m) => quote!(Some(#m)),
                None => quote!(None),
            };
            let max = match fa.max {
                Some(m) => quote!(Some(#m)),
                None => quote!(None),
            };
            let max_length = match fa.max_length.map(|n| n as u16) {
                Some(n) => quote!(Some(#n)),
                None => quote!(None),
            };
            if fa.modal && !required {
                return Err(Error::new_spanned(
                    fid,
                    "#[opt(modal)] is for a required option: the form opens when it is left out",
                ));
            }
            let modal = fa.modal.then(|| quote!(.in_modal()));
            out.specs.push(quote! {
                s = s.opt(#t::option_spec::<#inner>(#oname, #odesc, #required, #auto, #min, #max, #max_length)#modal);
            });
            let read = if required {
                quote!(#t::required::<#inner>(cmd, #oname, #min, #max, #max_length)?)
            } else {
                quote!(#t::optional::<#inner>(cmd, #oname, #min, #max, #max_length)?)
            };
            out.reads.push(quote!(#fid: #read,));
            out.allowed.push(quote!(&[#oname][..]));
            let fty = &field.ty;
            if required {
                out.writes.push(quote! {
                    cmd.options.insert(#oname.to_string(), <#inner as #t::OptionValue>::to_option(#fid));
                });
                out.sample_lets.push(quote!(
                    let #list: Vec<#fty> = <#inner as #t::OptionValue>::samples(#min, #max);
                ));
            } else {
                out.writes.push(quote! {
                    if let Some(v) = #fid {
                        cmd.options.insert(#oname.to_string(), <#inner as #t::OptionValue>::to_option(v));
                    }
                });
                out.sample_lets.push(quote!(
                    let #list: Vec<#fty> = #t::optional_samples::<#inner>(#min, #max);
                ));
            }
        }
    }
    Ok(out)
}

/// The samples of one leaf built by `build(k)` (an expression of the `k`th sample, `__k`):
/// as many as its longest list of field samples.
fn leaf_samples(o: &LeafOptions, build: Ts) -> Ts {
    let lets = &o.sample_lets;
    let lists = &o.sample_lists;
    quote! {{
        #(#lets)*
        let __n = [0usize #(, #lists.len())*].into_iter().max().unwrap_or(0).max(1);
        for __k in 0..__n {
            let _ = __k;
            __out.push(#build);
        }
    }}
}

/// The option names a leaf takes, as one `&[&str]`.
fn names_expr(allowed: &[Ts]) -> Ts {
    if allowed.is_empty() {
        quote!(&[])
    } else {
        quote!(&[#(#allowed),*].concat())
    }
}

fn perm_tokens(va: &VariantAttrs) -> syn::Result<Ts> {
    let t = quote!(::croupier_core::table::declare);
    Ok(match &va.perm {
        None => quote!(#t::Permission::Anyone),
        Some(p) => {
            let p = match p.to_string().as_str() {
                "anyone" => quote!(Anyone),
                "player" => quote!(Player),
                "gm" => quote!(Gm),
                "host" => quote!(Host),
                "manager" => quote!(Manager),
                _ => {
                    return Err(Error::new_spanned(
                        p,
                        "perm is one of anyone, player, gm, host, manager",
                    ))
                }
            };
            quote!(#t::Permission::#p)
        }
    })
}

fn answer_tokens(va: &VariantAttrs) -> Ts {
    if va.public {
        quote!(s = s.answers_publicly();)
    } else if let Some((o, vals)) = &va.private_when {
        quote!(s = s.private_when(#o, &[#(#vals),*]);)
    } else {
        quote!()
    }
}

/// A struct: one command with options and no subcommands (`/roll expr:…`).
fn leaf_struct(
    input: &DeriveInput,
    st: &syn::DataStruct,
    name: &str,
    description: &str,
) -> syn::Result<Ts> {
    let ty = &input.ident;
    let t = quote!(::croupier_core::table::declare);
    let va = variant_attrs(&input.attrs)?;
    let o = leaf_options(&st.fields)?;
    let (opt_specs, reads) = (&o.specs, &o.reads);
    let allowed_names = names_expr(&o.allowed);
    let (binds, field_writes, sample_fields) = (&o.binds, &o.writes, &o.sample_fields);
    let (pattern, sample) = match &st.fields {
        Fields::Unit => (quote!(#ty), quote!(__out.push(#ty);)),
        _ => (
            quote!(#ty { #(#binds),* }),
            leaf_samples(&o, quote!(#ty { #(#sample_fields)* })),
        ),
    };
    let perm = perm_tokens(&va)?;
    let answer = answer_tokens(&va);
    let guild = va.guild;
    let guild_when = match &va.guild_when {
        Some(o) => quote!(Some(#o.to_string())),
        None => quote!(None),
    };
    let view = va.view;
    let dm = va.dm;
    let build = match &st.fields {
        Fields::Unit => quote!(#ty),
        _ => quote!(#ty { #(#reads)* }),
    };
    Ok(quote! {
        impl #t::Commands for #ty {
            const NAME: &'static str = #name;
            fn spec() -> ::croupier_core::table::CommandSpec {
                let mut s = ::croupier_core::table::CommandSpec::new(#name, #description);
                #(#opt_specs)*
                #answer
                s.permission = #perm;
                s.guild = #guild;
                s.guild_when = #guild_when;
                s.view = #view;
                s.dm = #dm;
                s
            }
            fn from_command_at(
                cmd: &::croupier_core::table::Command,
                at: usize,
            ) -> ::std::result::Result<Self, ::croupier_core::table::RuleError> {
                #t::leaf_only(cmd, at.saturating_sub(1), #allowed_names)?;
                Ok(#build)
            }
            fn path(&self) -> Option<String> {
                Some(String::new())
            }
            fn write_at(&self, cmd: &mut ::croupier_core::table::Command) {
                #[allow(unused_variables)]
                let #pattern = self;
                #(#field_writes)*
            }
            fn samples() -> Vec<Self> {
                let mut __out = Vec::new();
                #sample
                __out
            }
        }
    })
}

/// Derives `croupier_core::table::declare::Options` for a struct of options that several leaves
/// share: a leaf holds it as a field marked `#[opt(flatten)]` and declares its options in place.
#[proc_macro_derive(Options, attributes(opt))]
pub fn derive_options(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match options(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn options(input: &DeriveInput) -> syn::Result<Ts> {
    let Data::Struct(st) = &input.data else {
        return Err(Error::new_spanned(
            &input.ident,
            "#[derive(Options)] works on structs with named fields",
        ));
    };
    let ty = &input.ident;
    let t = quote!(::croupier_core::table::declare);
    let o = leaf_options(&st.fields)?;
    let (opt_specs, reads) = (&o.specs, &o.reads);
    let allowed_names = names_expr(&o.allowed);
    let (binds, field_writes, sample_fields) = (&o.binds, &o.writes, &o.sample_fields);
    let sample = leaf_samples(&o, quote!(#ty { #(#sample_fields)* }));
    Ok(quote! {
        impl #t::Options for #ty {
            fn names() -> Vec<&'static str> {
                let names: &[&str] = #allowed_names;
                names.to_vec()
            }
            fn add_options(mut s: ::croupier_core::table::CommandSpec) -> ::croupier_core::table::CommandSpec {
                #(#opt_specs)*
                s
            }
            fn from_options(
                cmd: &::croupier_core::table::Command,
            ) -> ::std::result::Result<Self, ::croupier_core::table::RuleError> {
                Ok(#ty { #(#reads)* })
            }
            fn write_options(&self, cmd: &mut ::croupier_core::table::Command) {
                let #ty { #(#binds),* } = self;
                #(#field_writes)*
            }
            fn samples() -> Vec<Self> {
                let mut __out = Vec::new();
                #sample
                __out
            }
        }
    })
}

/// Derives `croupier_core::table::Choices` (and the option parsing it needs) for a fieldless enum:
/// its values, labels and parser come from one list. `#[choice(value = "…", label = "…",
/// aliases("…", …))]` on a variant renames it or accepts other spellings. `#[choices(serde)]` on
/// the enum also derives serde: stored as its value (`"success"`), read back in any spelling the
/// parser takes, so an action holding it logs the choice typed.
#[proc_macro_derive(Choices, attributes(choice, choices))]
pub fn derive_choice(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match choice(&input) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn choice(input: &DeriveInput) -> syn::Result<Ts> {
    let Data::Enum(data) = &input.data else {
        return Err(Error::new_spanned(
            &input.ident,
            "#[derive(Choices)] works on enums",
        ));
    };
    let ty = &input.ident;
    let t = quote!(::croupier_core::table::declare);
    let mut serde = false;
    for a in input.attrs.iter().filter(|a| a.path().is_ident("choices")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("serde") {
                serde = true;
                Ok(())
            } else {
                Err(m.error("expected serde"))
            }
        })?;
    }
    let serde_impls = serde.then(|| {
        quote! {
            impl #t::serde::Serialize for #ty {
                fn serialize<S: #t::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                    s.serialize_str(#t::Choices::value(self))
                }
            }
            impl<'de> #t::serde::Deserialize<'de> for #ty {
                fn deserialize<D: #t::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                    #t::deserialize_choice(d)
                }
            }
        }
    });
    let mut all = vec![];
    let mut values = vec![];
    let mut labels = vec![];
    let mut parse = vec![];
    for v in &data.variants {
        if !matches!(v.fields, Fields::Unit) {
            return Err(Error::new_spanned(&v.ident, "a choice has no fields"));
        }
        let vid = &v.ident;
        let mut value = lower(vid);
        let mut label = None;
        let mut aliases: Vec<String> = vec![];
        for a in v.attrs.iter().filter(|a| a.path().is_ident("choice")) {
            a.parse_nested_meta(|m| {
                if m.path.is_ident("value") {
                    value = m.value()?.parse::<LitStr>()?.value();
                } else if m.path.is_ident("label") {
                    label = Some(m.value()?.parse::<LitStr>()?.value());
                } else if m.path.is_ident("aliases") {
                    let content;
                    syn::parenthesized!(content in m.input);
                    let list = content
                        .parse_terminated(<LitStr as syn::parse::Parse>::parse, syn::Token![,])?;
                    aliases.extend(list.into_iter().map(|l| l.value()));
                } else {
                    return Err(m.error("expected value, label or aliases"));
                }
                Ok(())
            })?;
        }
        let label = label.unwrap_or_else(|| value.clone());
        all.push(quote!(#ty::#vid));
        values.push(quote!(#ty::#vid => #value,));
        labels.push(quote!(#ty::#vid => #label,));
        let lower_aliases: Vec<String> = aliases.iter().map(|a| a.to_lowercase()).collect();
        let v_lower = value.to_lowercase();
        parse.push(quote!(#v_lower #(| #lower_aliases)* => Some(#ty::#vid),));
    }
    Ok(quote! {
        #serde_impls
        impl #t::Choices for #ty {
            const ALL: &'static [Self] = &[#(#all),*];
            fn value(&self) -> &'static str {
                match self { #(#values)* }
            }
            fn label(&self) -> &'static str {
                match self { #(#labels)* }
            }
            fn parse_choice(text: &str) -> Option<Self> {
                match text.trim().to_lowercase().as_str() {
                    #(#parse)*
                    _ => None,
                }
            }
        }
        impl #t::OptionValue for #ty {
            const KIND: ::croupier_core::table::OptionKind = ::croupier_core::table::OptionKind::String;
            fn choices() -> Vec<(String, String)> {
                #t::choice_list::<Self>()
            }
            fn from_option(
                cmd: &::croupier_core::table::Command,
                name: &str,
                value: &str,
            ) -> ::std::result::Result<Self, ::croupier_core::table::RuleError> {
                #t::parse_choice_option::<Self>(cmd, name, value)
            }
            fn to_option(&self) -> String {
                #t::Choices::value(self).to_string()
            }
            fn samples(_: Option<i64>, _: Option<i64>) -> Vec<Self> {
                <Self as #t::Choices>::ALL.to_vec()
            }
        }
    })
}
