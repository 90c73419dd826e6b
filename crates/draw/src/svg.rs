//! A small SVG document builder: just the shapes our pictures use, written out as text
//! that [`super::raster`] turns into pixels.
//!
//! Coordinates are "phone pixels": a document [`PHONE_WIDTH`] wide shows at its natural
//! size on a phone, and is rasterised at [`super::raster::SCALE`]× for sharp edges.
//!
//! ```
//! use croupier_draw::svg::{Anchor, Doc, Rect, Text};
//! use croupier_draw::palette;
//! let mut doc = Doc::new(400.0, 100.0);
//! doc.push(Rect::new(10.0, 10.0, 380.0, 80.0).radius(8.0).fill(palette::PANEL));
//! doc.push(Text::new(200.0, 55.0, "Hello").size(20.0).anchor(Anchor::Middle).bold());
//! assert!(doc.to_svg().contains("Hello"));
//! ```

use std::fmt::Write;

use super::palette::{self, Color};

/// The width, in document units, of a phone screen's picture area.
pub const PHONE_WIDTH: f32 = 400.0;

/// The tallest page a picture should be, in document units (2,000 px when drawn at 2×, about
/// 1.6 million pixels): taller content is split into pages, which a phone shows better than
/// one sliver and which each draw in well under the 20 ms budget.
pub const MAX_PAGE_HEIGHT: f32 = 1000.0;

/// An axis-aligned box in document units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Left edge.
    pub x0: f32,
    /// Top edge.
    pub y0: f32,
    /// Right edge.
    pub x1: f32,
    /// Bottom edge.
    pub y1: f32,
}

impl Bounds {
    /// The box from (`x0`, `y0`) to (`x1`, `y1`), whichever way round they are given.
    pub fn new(x0: f32, y0: f32, x1: f32, y1: f32) -> Self {
        Bounds {
            x0: x0.min(x1),
            y0: y0.min(y1),
            x1: x0.max(x1),
            y1: y0.max(y1),
        }
    }
    /// The smallest box holding both.
    pub fn union(self, o: Bounds) -> Bounds {
        Bounds {
            x0: self.x0.min(o.x0),
            y0: self.y0.min(o.y0),
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
        }
    }
    /// Grown by `m` on every side.
    pub fn grow(self, m: f32) -> Bounds {
        Bounds {
            x0: self.x0 - m,
            y0: self.y0 - m,
            x1: self.x1 + m,
            y1: self.y1 + m,
        }
    }
    /// Moved by (`dx`, `dy`).
    pub fn shift(self, dx: f32, dy: f32) -> Bounds {
        Bounds {
            x0: self.x0 + dx,
            y0: self.y0 + dy,
            x1: self.x1 + dx,
            y1: self.y1 + dy,
        }
    }
    /// True when the two boxes share any area.
    pub fn overlaps(&self, o: &Bounds) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// Fill, stroke and opacity shared by every shape.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Paint {
    /// Fill colour; `None` = no fill.
    pub fill: Option<Color>,
    /// Stroke colour and width; `None` = no outline.
    pub stroke: Option<(Color, f32)>,
    /// Dash pattern length (dash = gap) for the stroke.
    pub dash: Option<f32>,
    /// Opacity 0–1 (1 when unset).
    pub opacity: Option<f32>,
}

impl Paint {
    fn write(&self, out: &mut String) {
        match self.fill {
            Some(c) => {
                let _ = write!(out, r#" fill="{c}""#);
            }
            None => out.push_str(r#" fill="none""#),
        }
        if let Some((c, w)) = self.stroke {
            let _ = write!(out, r#" stroke="{c}" stroke-width="{}""#, num(w));
            if let Some(d) = self.dash {
                let _ = write!(out, r#" stroke-dasharray="{} {}""#, num(d), num(d));
            }
        }
        if let Some(o) = self.opacity {
            let _ = write!(out, r#" opacity="{}""#, num(o));
        }
    }
}

/// Builder methods shared by the shapes that carry a [`Paint`].
macro_rules! paint_methods {
    () => {
        /// Fills with `c`.
        pub fn fill(mut self, c: Color) -> Self {
            self.paint.fill = Some(c);
            self
        }
        /// Outlines with `c`, `width` units wide.
        pub fn stroke(mut self, c: Color, width: f32) -> Self {
            self.paint.stroke = Some((c, width));
            self
        }
        /// Dashes the outline.
        pub fn dashed(mut self, dash: f32) -> Self {
            self.paint.dash = Some(dash);
            self
        }
        /// Sets the opacity (0–1).
        pub fn opacity(mut self, o: f32) -> Self {
            self.paint.opacity = Some(o.clamp(0.0, 1.0));
            self
        }
    };
}

/// A rectangle, optionally with rounded corners.
#[derive(Debug, Clone, PartialEq)]
pub struct Rect {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    r: f32,
    paint: Paint,
}

impl Rect {
    /// A rectangle with its top-left corner at (`x`, `y`); filled with ink until told otherwise.
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Rect {
            x,
            y,
            w: w.max(0.0),
            h: h.max(0.0),
            r: 0.0,
            paint: Paint {
                fill: Some(palette::INK),
                ..Paint::default()
            },
        }
    }
    /// Rounds the corners with radius `r`.
    pub fn radius(mut self, r: f32) -> Self {
        self.r = r.max(0.0);
        self
    }
    /// No fill (an outline only, once stroked).
    pub fn hollow(mut self) -> Self {
        self.paint.fill = None;
        self
    }
    paint_methods!();
}

/// A straight line.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    from: (f32, f32),
    to: (f32, f32),
    paint: Paint,
    round_caps: bool,
}

impl Line {
    /// A 1-unit ink line from (`x1`, `y1`) to (`x2`, `y2`).
    pub fn new(x1: f32, y1: f32, x2: f32, y2: f32) -> Self {
        Line {
            from: (x1, y1),
            to: (x2, y2),
            paint: Paint {
                stroke: Some((palette::INK, 1.0)),
                ..Paint::default()
            },
            round_caps: false,
        }
    }
    /// Rounded line ends.
    pub fn round_caps(mut self) -> Self {
        self.round_caps = true;
        self
    }
    paint_methods!();
}

/// A circle.
#[derive(Debug, Clone, PartialEq)]
pub struct Circle {
    cx: f32,
    cy: f32,
    r: f32,
    paint: Paint,
}

impl Circle {
    /// An ink-filled circle centred on (`cx`, `cy`).
    pub fn new(cx: f32, cy: f32, r: f32) -> Self {
        Circle {
            cx,
            cy,
            r: r.max(0.0),
            paint: Paint {
                fill: Some(palette::INK),
                ..Paint::default()
            },
        }
    }
    /// No fill (a ring, once stroked).
    pub fn hollow(mut self) -> Self {
        self.paint.fill = None;
        self
    }
    paint_methods!();
}

/// A closed polygon.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    points: Vec<(f32, f32)>,
    paint: Paint,
}

impl Polygon {
    /// An ink-filled polygon through `points`.
    pub fn new(points: Vec<(f32, f32)>) -> Self {
        Polygon {
            points,
            paint: Paint {
                fill: Some(palette::INK),
                ..Paint::default()
            },
        }
    }
    /// The regular `n`-gon centred on (`cx`, `cy`) with circumradius `r`, first corner
    /// at angle `start_deg` (0 = right, 90 = down).
    pub fn regular(n: usize, cx: f32, cy: f32, r: f32, start_deg: f32) -> Self {
        let n = n.max(3);
        let points = (0..n)
            .map(|i| {
                let a = (start_deg + 360.0 * i as f32 / n as f32).to_radians();
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        Polygon::new(points)
    }
    /// No fill.
    pub fn hollow(mut self) -> Self {
        self.paint.fill = None;
        self
    }
    paint_methods!();
}

/// Where a text's `x` sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Anchor {
    /// `x` is the left edge.
    #[default]
    Start,
    /// `x` is the centre.
    Middle,
    /// `x` is the right edge.
    End,
}

/// One line of text. `y` is the baseline unless [`Text::centered_v`] is called.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    x: f32,
    y: f32,
    text: String,
    size: f32,
    bold: bool,
    anchor: Anchor,
    fill: Color,
    opacity: Option<f32>,
    strike: bool,
}

impl Text {
    /// 14-unit ink text at (`x`, baseline `y`).
    pub fn new(x: f32, y: f32, text: impl Into<String>) -> Self {
        Text {
            x,
            y,
            text: text.into(),
            size: 14.0,
            bold: false,
            anchor: Anchor::Start,
            fill: palette::INK,
            opacity: None,
            strike: false,
        }
    }
    /// Font size in document units.
    pub fn size(mut self, size: f32) -> Self {
        self.size = size;
        self
    }
    /// Bold face.
    pub fn bold(mut self) -> Self {
        self.bold = true;
        self
    }
    /// Horizontal anchor.
    pub fn anchor(mut self, a: Anchor) -> Self {
        self.anchor = a;
        self
    }
    /// Text colour.
    pub fn fill(mut self, c: Color) -> Self {
        self.fill = c;
        self
    }
    /// Opacity (0–1).
    pub fn opacity(mut self, o: f32) -> Self {
        self.opacity = Some(o.clamp(0.0, 1.0));
        self
    }
    /// Strikes the text through.
    pub fn strike(mut self) -> Self {
        self.strike = true;
        self
    }
    /// Treats `y` as the vertical centre of the capitals instead of the baseline.
    pub fn centered_v(mut self) -> Self {
        self.y += self.size * 0.36;
        self
    }
    /// The font size.
    pub fn font_size(&self) -> f32 {
        self.size
    }
    /// The anchor point as the SVG places it (rounded like every SVG number, to 0.01).
    pub fn anchor_point(&self) -> (f32, f32) {
        (rounded(self.x), rounded(self.y))
    }
    /// The text's colour.
    pub fn colour(&self) -> Color {
        self.fill
    }
    /// The text's opacity (`None` = opaque).
    pub fn opacity_value(&self) -> Option<f32> {
        self.opacity
    }
    /// A one-text SVG drawing this text's glyphs at the origin in black: everything that
    /// decides its outline (string, size, weight, anchor, strike) and nothing else, so it
    /// also serves as the key of the outline cache.
    pub fn at_origin_svg(&self) -> String {
        let mut t = self.clone();
        t.x = 0.0;
        t.y = 0.0;
        t.fill = palette::INK;
        t.opacity = None;
        let mut out = String::from(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1" font-family="DejaVu Sans">"#,
        );
        write_node(&mut out, &Node::Text(t), &|_: &Text| None);
        out.push_str("</svg>");
        out
    }
}

/// A group of shapes, moved and faded together.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Group {
    dx: f32,
    dy: f32,
    opacity: Option<f32>,
    children: Vec<Node>,
}

impl Group {
    /// An empty group at the origin.
    pub fn new() -> Self {
        Group::default()
    }
    /// Moves the whole group by (`dx`, `dy`).
    pub fn translate(mut self, dx: f32, dy: f32) -> Self {
        self.dx = dx;
        self.dy = dy;
        self
    }
    /// Fades the whole group.
    pub fn opacity(mut self, o: f32) -> Self {
        self.opacity = Some(o.clamp(0.0, 1.0));
        self
    }
    /// Adds a shape.
    pub fn push(&mut self, node: impl Into<Node>) -> &mut Self {
        self.children.push(node.into());
        self
    }
    /// Adds a shape (builder form).
    pub fn with(mut self, node: impl Into<Node>) -> Self {
        self.children.push(node.into());
        self
    }
}

/// Any shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A rectangle.
    Rect(Rect),
    /// A line.
    Line(Line),
    /// A circle.
    Circle(Circle),
    /// A polygon.
    Polygon(Polygon),
    /// A text.
    Text(Text),
    /// A group.
    Group(Group),
}

macro_rules! into_node {
    ($($t:ident),*) => {$(
        impl From<$t> for Node {
            fn from(v: $t) -> Node {
                Node::$t(v)
            }
        }
    )*};
}
into_node!(Rect, Line, Circle, Polygon, Text, Group);

/// A whole picture: a size, a background and shapes in painting order.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc {
    width: f32,
    height: f32,
    background: Color,
    nodes: Vec<Node>,
}

impl Doc {
    /// An empty `width` × `height` picture on paper.
    pub fn new(width: f32, height: f32) -> Self {
        Doc {
            width,
            height,
            background: palette::PAPER,
            nodes: Vec::new(),
        }
    }
    /// Width in document units.
    pub fn width(&self) -> f32 {
        self.width
    }
    /// Height in document units.
    pub fn height(&self) -> f32 {
        self.height
    }
    /// Changes the height (for layouts that learn it while drawing).
    pub fn set_height(&mut self, h: f32) {
        self.height = h;
    }
    /// Background colour.
    pub fn background(&self) -> Color {
        self.background
    }
    /// Adds a shape on top of those already there.
    pub fn push(&mut self, node: impl Into<Node>) -> &mut Self {
        self.nodes.push(node.into());
        self
    }
    /// Every text in the picture, in painting order (for tests: what would a reader see?).
    pub fn texts(&self) -> Vec<&str> {
        let mut out = Vec::new();
        walk(&self.nodes, &mut |n| {
            if let Node::Text(t) = n {
                out.push(t.text.as_str());
            }
        });
        out
    }
    /// The smallest font size used, if any text.
    pub fn min_font_size(&self) -> Option<f32> {
        let mut min: Option<f32> = None;
        walk(&self.nodes, &mut |n| {
            if let Node::Text(t) = n {
                if !t.text.trim().is_empty() {
                    min = Some(min.map_or(t.size, |m: f32| m.min(t.size)));
                }
            }
        });
        min
    }
    /// The smallest font size, in screen pixels, once the picture is shown `screen_width` pixels wide.
    pub fn min_font_px_at(&self, screen_width: f32) -> Option<f32> {
        self.min_font_size()
            .map(|s| s * screen_width / self.width.max(1.0))
    }
    /// The SVG text.
    pub fn to_svg(&self) -> String {
        self.svg_text(&|_: &Text| None, true, &[])
    }
    /// The top-level text at `index` (see [`Doc::texts_on_top`]).
    pub fn text_at(&self, index: usize) -> Option<&Text> {
        match self.nodes.get(index) {
            Some(Node::Text(t)) => Some(t),
            _ => None,
        }
    }
    /// The indices, in painting order, of the top-level texts that nothing painted after
    /// them touches (no shape, and no text that stays behind): drawing those last, in
    /// order, over everything else gives the same picture. `glyphs` gives a text's glyph
    /// box relative to its anchor, or `None` when it cannot be drawn apart (it then stays
    /// in place). The rasteriser stamps these texts from cached bitmaps.
    pub fn texts_on_top(&self, glyphs: &dyn Fn(&Text) -> Option<Bounds>) -> Vec<usize> {
        // Boxes of what stays in place, bucketed by 32-unit rows so a text is only checked
        // against its neighbours.
        const ROW: f32 = 32.0;
        // (Clamped to the page: a shape far outside it shares the last bucket.)
        let rows = (self.height.max(0.0) / ROW).ceil() as usize + 1;
        let bucket = |y: f32| ((y / ROW).floor().max(0.0) as usize).min(rows);
        let mut kept: Vec<Vec<Bounds>> = vec![];
        let mut on_top = vec![];
        for (i, node) in self.nodes.iter().enumerate().rev() {
            if let Node::Text(t) = node {
                if let Some(g) = glyphs(t) {
                    let (x, y) = t.anchor_point();
                    // A pixel of anti-aliasing around the glyphs, at any scale up to 2×.
                    let b = g.shift(x, y).grow(1.0);
                    let covered = (bucket(b.y0)..=bucket(b.y1)).any(|r| {
                        kept.get(r)
                            .is_some_and(|row| row.iter().any(|k| k.overlaps(&b)))
                    });
                    if !covered {
                        on_top.push(i);
                        continue;
                    }
                }
            }
            let b = node_bounds(node).grow(1.0);
            let last = bucket(b.y1);
            if kept.len() <= last {
                kept.resize_with(last + 1, Vec::new);
            }
            for row in &mut kept[bucket(b.y0)..=last] {
                row.push(b);
            }
        }
        on_top.reverse();
        on_top
    }
    /// The SVG text for the rasteriser: each text that `outline` can turn into a path drawn
    /// as that path (see [`super::outlines`]), other texts as `<text>`, and no background
    /// (the rasteriser fills the canvas with [`Doc::background`] itself, much faster than
    /// painting a picture-sized shape).
    ///
    /// The top-level nodes at the indices in `leave_out` (sorted) are not written: the
    /// rasteriser draws those texts itself.
    pub fn to_svg_with(
        &self,
        outline: &dyn Fn(&Text) -> Option<std::sync::Arc<str>>,
        leave_out: &[usize],
    ) -> String {
        self.svg_text(outline, false, leave_out)
    }
    fn svg_text(
        &self,
        outline: &dyn Fn(&Text) -> Option<std::sync::Arc<str>>,
        background: bool,
        leave_out: &[usize],
    ) -> String {
        let mut out = String::with_capacity(256 + self.nodes.len() * 96);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans">"#,
            w = num(self.width),
            h = num(self.height)
        );
        if background {
            let _ = write!(
                out,
                r#"<rect x="0" y="0" width="{}" height="{}" fill="{}"/>"#,
                num(self.width),
                num(self.height),
                self.background
            );
        }
        if leave_out.is_empty() {
            write_nodes(&mut out, &self.nodes, outline);
        } else {
            let mut skip = leave_out.iter().peekable();
            let kept: Vec<&Node> = self
                .nodes
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    if skip.peek() == Some(&i) {
                        skip.next();
                        false
                    } else {
                        true
                    }
                })
                .map(|(_, n)| n)
                .collect();
            write_nodes(&mut out, kept, outline);
        }
        out.push_str("</svg>");
        out
    }
}

/// The area `node` paints (document units, strokes and line caps included).
fn node_bounds(node: &Node) -> Bounds {
    let half = |p: &Paint| p.stroke.map_or(0.0, |(_, w)| w / 2.0);
    match node {
        Node::Rect(r) => Bounds::new(r.x, r.y, r.x + r.w, r.y + r.h).grow(half(&r.paint)),
        // Caps reach half the width past the ends; the width itself covers joins.
        Node::Line(l) => Bounds::new(l.from.0, l.from.1, l.to.0, l.to.1)
            .grow(l.paint.stroke.map_or(0.0, |(_, w)| w)),
        Node::Circle(c) => {
            Bounds::new(c.cx - c.r, c.cy - c.r, c.cx + c.r, c.cy + c.r).grow(half(&c.paint))
        }
        Node::Polygon(p) => p
            .points
            .iter()
            .map(|&(x, y)| Bounds::new(x, y, x, y))
            .reduce(Bounds::union)
            .unwrap_or(Bounds::new(0.0, 0.0, 0.0, 0.0))
            // Round joins stay within half the width; sharp corners could reach further.
            .grow(p.paint.stroke.map_or(0.0, |(_, w)| w * 2.0)),
        Node::Text(t) => {
            // Generous: the estimated advance plus an em either side, ascent to descent.
            let w = text_width(&t.text, t.size, t.bold);
            let x0 = match t.anchor {
                Anchor::Start => t.x,
                Anchor::Middle => t.x - w / 2.0,
                Anchor::End => t.x - w,
            };
            Bounds::new(x0, t.y - t.size * 1.2, x0 + w, t.y + t.size * 0.5).grow(t.size)
        }
        Node::Group(g) => g
            .children
            .iter()
            .map(node_bounds)
            .reduce(Bounds::union)
            .unwrap_or(Bounds::new(0.0, 0.0, 0.0, 0.0))
            .shift(g.dx, g.dy),
    }
}

fn walk<'a>(nodes: &'a [Node], f: &mut impl FnMut(&'a Node)) {
    for n in nodes {
        f(n);
        if let Node::Group(g) = n {
            walk(&g.children, f);
        }
    }
}

/// One shape of a batch: what it adds to the batch's path data.
enum Piece {
    /// A square-cornered rectangle.
    Rect(f32, f32, f32, f32),
    /// A line from, to; `chain`: joins the previous line when it ends where this one starts.
    Line((f32, f32), (f32, f32), bool),
    /// A text's cached outline (relative path data) placed at its anchor point.
    Glyphs(f32, f32, std::sync::Arc<str>),
}

/// One pixel at the rasteriser's 2× scale, in document units.
const PIXEL: f32 = 0.5;

/// True when `v` units fall on a pixel edge at 2×.
fn on_pixel(v: f32) -> bool {
    ((v / PIXEL).round() * PIXEL - v).abs() < 1e-3
}

/// True when a stroke `paint` of a shape whose own edges are on pixel edges keeps them
/// there (no stroke, or a whole number of units wide: half on either side).
fn stroke_keeps_pixels(paint: &Paint) -> bool {
    paint.stroke.is_none_or(|(_, w)| on_pixel(w / 2.0))
}

/// The paint attributes (also the batch key), the piece of a shape that can share one
/// `<path>` with its neighbours, if it can, and whether the piece's edges all fall on pixel
/// edges (a square-cornered rectangle or a level or upright line on the pixel grid).
fn batchable(
    node: &Node,
    outline: &dyn Fn(&Text) -> Option<std::sync::Arc<str>>,
) -> Option<(String, Piece, bool)> {
    let mut attrs = String::new();
    match node {
        Node::Rect(r) if r.r == 0.0 && r.paint.opacity.is_none() && r.paint.dash.is_none() => {
            r.paint.write(&mut attrs);
            let crisp =
                [r.x, r.y, r.w, r.h].into_iter().all(on_pixel) && stroke_keeps_pixels(&r.paint);
            Some((attrs, Piece::Rect(r.x, r.y, r.w, r.h), crisp))
        }
        Node::Line(l) if l.paint.opacity.is_none() && l.paint.dash.is_none() => {
            l.paint.write(&mut attrs);
            if l.round_caps {
                attrs.push_str(r#" stroke-linecap="round" stroke-linejoin="round""#);
            }
            let straight = l.from.0 == l.to.0 || l.from.1 == l.to.1;
            let crisp = !l.round_caps
                && straight
                && [l.from.0, l.from.1, l.to.0, l.to.1]
                    .into_iter()
                    .all(on_pixel)
                && stroke_keeps_pixels(&l.paint);
            Some((attrs, Piece::Line(l.from, l.to, l.round_caps), crisp))
        }
        Node::Text(t) => {
            let d = outline(t)?;
            let _ = write!(attrs, r#" fill="{}""#, t.fill);
            if let Some(o) = t.opacity {
                let _ = write!(attrs, r#" opacity="{}""#, num(o));
            }
            Some((attrs, Piece::Glyphs(t.x, t.y, d), false))
        }
        _ => None,
    }
}

/// Writes `nodes` in order, drawing each run of consecutive shapes with the same paint as
/// one `<path>`: resvg renders one large path much faster than hundreds of small ones, and
/// the picture is the same (the shapes of a run keep their order and colour).
fn write_nodes<'a>(
    out: &mut String,
    nodes: impl IntoIterator<Item = &'a Node>,
    outline: &dyn Fn(&Text) -> Option<std::sync::Arc<str>>,
) {
    let mut key = String::new();
    let mut d = String::new();
    let mut end: Option<(f32, f32)> = None;
    // Whether every piece of the run so far has its edges on pixel edges: such a run is
    // drawn without anti-aliasing, which gives the same pixels (every pixel is wholly in or
    // out) several times faster.
    let mut crisp = true;
    let flush = |out: &mut String, key: &mut String, d: &mut String, crisp: &mut bool| {
        if !d.is_empty() {
            let edges = if *crisp {
                r#" shape-rendering="crispEdges""#
            } else {
                ""
            };
            let _ = write!(out, r#"<path d="{d}"{key}{edges}/>"#);
        }
        d.clear();
        key.clear();
        *crisp = true;
    };
    for node in nodes {
        let Some((attrs, piece, on_pixels)) = batchable(node, outline) else {
            flush(out, &mut key, &mut d, &mut crisp);
            end = None;
            write_node(out, node, outline);
            continue;
        };
        if attrs != key {
            flush(out, &mut key, &mut d, &mut crisp);
            key = attrs;
            end = None;
        }
        crisp &= on_pixels;
        match piece {
            Piece::Rect(x, y, w, h) => {
                let _ = write!(
                    d,
                    "M{} {}h{}v{}h{}Z",
                    num(x),
                    num(y),
                    num(w),
                    num(h),
                    num(-w)
                );
                end = None;
            }
            Piece::Line(from, to, chain) => {
                if !(chain && end == Some(from)) {
                    let _ = write!(d, "M{} {}", num(from.0), num(from.1));
                }
                let _ = write!(d, "L{} {}", num(to.0), num(to.1));
                end = Some(to);
            }
            Piece::Glyphs(x, y, glyphs) => {
                let _ = write!(d, "M{} {}", num(x), num(y));
                d.push_str(&glyphs);
                end = None;
            }
        }
    }
    flush(out, &mut key, &mut d, &mut crisp);
}

fn write_node(
    out: &mut String,
    node: &Node,
    outline: &dyn Fn(&Text) -> Option<std::sync::Arc<str>>,
) {
    match node {
        Node::Rect(r) => {
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}""#,
                num(r.x),
                num(r.y),
                num(r.w),
                num(r.h)
            );
            if r.r > 0.0 {
                let _ = write!(out, r#" rx="{0}" ry="{0}""#, num(r.r));
            }
            r.paint.write(out);
            out.push_str("/>");
        }
        Node::Line(l) => {
            let _ = write!(
                out,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}""#,
                num(l.from.0),
                num(l.from.1),
                num(l.to.0),
                num(l.to.1)
            );
            l.paint.write(out);
            if l.round_caps {
                out.push_str(r#" stroke-linecap="round""#);
            }
            out.push_str("/>");
        }
        Node::Circle(c) => {
            let _ = write!(
                out,
                r#"<circle cx="{}" cy="{}" r="{}""#,
                num(c.cx),
                num(c.cy),
                num(c.r)
            );
            c.paint.write(out);
            out.push_str("/>");
        }
        Node::Polygon(p) => {
            out.push_str(r#"<polygon points=""#);
            for (i, (x, y)) in p.points.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{},{}", num(*x), num(*y));
            }
            out.push('"');
            p.paint.write(out);
            out.push_str(r#" stroke-linejoin="round"/>"#);
        }
        Node::Text(t) => {
            let anchor = match t.anchor {
                Anchor::Start => "start",
                Anchor::Middle => "middle",
                Anchor::End => "end",
            };
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" fill="{}""#,
                num(t.x),
                num(t.y),
                num(t.size),
                t.fill
            );
            if t.bold {
                out.push_str(r#" font-weight="bold""#);
            }
            if t.strike {
                out.push_str(r#" text-decoration="line-through""#);
            }
            if let Some(o) = t.opacity {
                let _ = write!(out, r#" opacity="{}""#, num(o));
            }
            out.push('>');
            escape_into(out, &unligated(&t.text));
            out.push_str("</text>");
        }
        Node::Group(g) => {
            out.push_str("<g");
            if g.dx != 0.0 || g.dy != 0.0 {
                let _ = write!(
                    out,
                    r#" transform="translate({} {})""#,
                    num(g.dx),
                    num(g.dy)
                );
            }
            if let Some(o) = g.opacity {
                let _ = write!(out, r#" opacity="{}""#, num(o));
            }
            out.push('>');
            write_nodes(out, &g.children, outline);
            out.push_str("</g>");
        }
    }
}

/// `v` in hundredths, rounded (0 when not finite).
fn hundredths(v: f32) -> i64 {
    if v.is_finite() {
        (f64::from(v) * 100.0).round() as i64
    } else {
        0
    }
}

/// `v` rounded as [`num`] writes it (to 0.01).
fn rounded(v: f32) -> f32 {
    hundredths(v) as f32 / 100.0
}

/// A number as SVG wants it: finite, at most two decimals, no trailing zeros. (Integer
/// arithmetic: a picture writes thousands of numbers, and float formatting was a visible
/// part of drawing one.)
fn num(v: f32) -> String {
    let c = hundredths(v);
    let sign = if c < 0 { "-" } else { "" };
    let (whole, frac) = (c.unsigned_abs() / 100, c.unsigned_abs() % 100);
    match frac {
        0 if whole == 0 => "0".to_string(),
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// XML-escapes `s` (and drops control characters, which XML forbids).
/// A text drawn partly with the fallback font (Japanese) keeps DejaVu Sans from joining `f`
/// with the next letter (the `ff`, `fi`, `fl` ligatures): a ligature shifts the text's
/// clusters, and the characters taken from the fallback font then come out as empty boxes
/// (`Luffy · パワー`). A combining grapheme joiner (U+034F, drawn as nothing) between the
/// two letters keeps them apart. Texts without Japanese are written as they are.
fn unligated(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(|c| c >= '\u{2e80}') || !s.contains('f') {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == 'f' && chars.peek().is_some_and(|n| matches!(n, 'f' | 'i' | 'l')) {
            out.push('\u{034f}');
        }
    }
    std::borrow::Cow::Owned(out)
}

fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// Estimated advance width of `s` in DejaVu Sans at `size` (from the font's advance
/// widths, rounded up a little, for layout).
pub fn text_width(s: &str, size: f32, bold: bool) -> f32 {
    let em: f32 = s
        .chars()
        .map(|c| match c {
            'i' | 'j' | 'l' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.3,
            ' ' => 0.32,
            'f' | 't' | 'r' | 'I' | 'J' | '(' | ')' | '[' | ']' | '-' => 0.42,
            's' | 'z' | 'c' => 0.56,
            'm' => 0.98,
            'w' | 'M' => 0.87,
            'W' => 0.99,
            '+' | '=' | '<' | '>' | '×' | '÷' | '−' | '~' => 0.84,
            '%' | '@' => 0.95,
            c if c.is_ascii_uppercase() => 0.74,
            c if c.is_ascii() => 0.64,
            _ => 1.0,
        })
        .sum();
    em * size * if bold { 1.12 } else { 1.0 }
}

/// A board's title line: the game's name at the left margin and where the game stands at the
/// right, on the baseline `y + 18` (the pictures' shared header).
pub fn title_line(
    doc: &mut Doc,
    y: f32,
    width: f32,
    margin: f32,
    title: &str,
    status: impl Into<String>,
) {
    doc.push(Text::new(margin, y + 18.0, title).size(18.0).bold());
    doc.push(
        Text::new(width - margin, y + 18.0, status)
            .size(15.0)
            .bold()
            .anchor(Anchor::End)
            .fill(palette::INFO),
    );
}

/// `s` cut (with "…") so that it fits `max_width` at `size`.
pub fn fit(s: &str, size: f32, bold: bool, max_width: f32) -> String {
    if text_width(s, size, bold) <= max_width {
        return s.to_string();
    }
    let ell = text_width("…", size, bold);
    let mut out = String::new();
    let mut w = 0.0;
    for c in s.chars() {
        let cw = text_width(c.encode_utf8(&mut [0; 4]), size, bold);
        if w + cw + ell > max_width {
            break;
        }
        w += cw;
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_xml_escaped_and_control_characters_dropped() {
        let mut d = Doc::new(100.0, 50.0);
        d.push(Text::new(0.0, 10.0, "<b>&\"x'\u{7}"));
        let svg = d.to_svg();
        assert!(svg.contains("&lt;b&gt;&amp;&quot;x&apos;</text>"), "{svg}");
    }

    #[test]
    fn numbers_are_short_and_finite() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f32::NAN), "0");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(0.07), "0.07");
        assert_eq!(num(-0.3), "-0.3");
        assert_eq!(num(1234.999), "1235");
        // The same value as `{:.2}` formatting, which the SVG used to be written with.
        for i in -5000..5000 {
            let v = i as f32 * 0.37;
            let old = format!("{v:.2}");
            let old = old.trim_end_matches('0').trim_end_matches('.');
            let old = if old == "-0" { "0" } else { old };
            assert_eq!(num(v), old, "{v}");
        }
    }

    #[test]
    fn shapes_write_their_attributes() {
        let mut d = Doc::new(100.0, 50.0);
        d.push(
            Group::new()
                .translate(5.0, 6.0)
                .opacity(0.5)
                .with(
                    Rect::new(1.0, 2.0, 3.0, 4.0)
                        .radius(2.0)
                        .fill(palette::BLUE),
                )
                .with(
                    Line::new(0.0, 0.0, 10.0, 10.0)
                        .stroke(palette::BAD, 2.0)
                        .dashed(3.0),
                )
                .with(
                    Circle::new(5.0, 5.0, 2.0)
                        .hollow()
                        .stroke(palette::INK, 1.0),
                )
                .with(
                    Text::new(50.0, 20.0, "hi")
                        .anchor(Anchor::End)
                        .bold()
                        .strike(),
                ),
        );
        let svg = d.to_svg();
        for want in [
            r#"<g transform="translate(5 6)" opacity="0.5">"#,
            r##"rx="2" ry="2" fill="#0072b2""##,
            r##"stroke="#d55e00" stroke-width="2" stroke-dasharray="3 3""##,
            r##"<circle cx="5" cy="5" r="2" fill="none" stroke="#1a1a1a""##,
            r#"text-anchor="end""#,
            r#"font-weight="bold" text-decoration="line-through""#,
        ] {
            assert!(svg.contains(want), "missing {want} in {svg}");
        }
    }

    #[test]
    fn min_font_size_looks_inside_groups() {
        let mut d = Doc::new(800.0, 50.0);
        d.push(Text::new(0.0, 10.0, "a").size(20.0));
        d.push(Group::new().with(Text::new(0.0, 10.0, "b").size(16.0)));
        assert_eq!(d.min_font_size(), Some(16.0));
        assert_eq!(d.min_font_px_at(400.0), Some(8.0));
        assert_eq!(d.texts(), vec!["a", "b"]);
    }

    #[test]
    fn fit_cuts_long_names_with_an_ellipsis() {
        assert_eq!(fit("Bob", 14.0, false, 200.0), "Bob");
        let cut = fit("Bartholomew the Magnificent", 14.0, false, 80.0);
        assert!(cut.ends_with('…'));
        assert!(text_width(&cut, 14.0, false) <= 80.0);
    }

    #[test]
    fn regular_polygon_has_n_corners_on_the_circle() {
        let p = Polygon::regular(6, 10.0, 10.0, 5.0, 0.0);
        assert_eq!(p.points.len(), 6);
        for (x, y) in &p.points {
            let d = ((x - 10.0).powi(2) + (y - 10.0).powi(2)).sqrt();
            assert!((d - 5.0).abs() < 1e-4);
        }
    }
}
