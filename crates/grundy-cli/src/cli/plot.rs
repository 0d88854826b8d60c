//! `grundy plot`: pictures of values, as SVG or PNG (by the output file's extension), drawn with
//! plotters.
//!
//! ```text
//! grundy plot seq GAME [ARGS] --to N -o FILE       g(n) for n = 0..N, preperiod and period shaded
//! grundy plot GAME ARGS -o FILE                     a game's own picture of values (maze FILE [X,Y]:
//!                                                   the Grundy grid with its walls)
//! grundy plot table 'GAME {x} {y}' --x A..B --y C..D -o FILE
//!                                                   any game with two numbers in its position:
//!                                                   the value of every (x, y) as a heatmap
//! ```
//!
//! Pictures come from two generic inputs: a [`Heatmap`] (a 2-D grid of `Option<u64>`: `None` is
//! a wall or a cell without a position, drawn dark) and a value sequence with its periodicity
//! (taken from `grundy seq --json`, so every game `seq` knows can be plotted). `table` builds
//! each position from a template through the registry, so it works for every game whose
//! position has two numbers (`nim {x} {y}` is the thesis's lattice game), including games added
//! later. Small grids have their values written in the cells; every heatmap has a colour bar.
//!
//! Text needs a TrueType font: `GRUNDY_FONT=/path/font.ttf`, else DejaVu Sans, Liberation Sans
//! or Arial from the usual system places. Cost: one solve per cell (table) or one `seq` run.

use super::args::{PlotArgs, SeqOptions};
use grundy::error::{Error, Result};
use grundy::games;
use grundy::settings::Settings;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A grid of values to draw: the registry's [`games::ValueGrid`] (`cells[row][col]`, row 0
/// being `ys[0]`, drawn at the bottom), also what `plot table` builds.
pub type Heatmap = games::ValueGrid;

/// A value sequence g(0..) with its periodicity, if one was found.
#[derive(Clone, Debug)]
pub struct Sequence {
    pub title: String,
    pub values: Vec<u64>,
    pub preperiod: Option<u64>,
    pub period: Option<u64>,
    pub proved: bool,
}

/// Most values `plot seq` computes and draws (far more than a picture can show apart).
pub const MAX_SEQ_POINTS: u64 = 1_000_000;

/// Largest table `plot table` computes (cells).
pub const MAX_TABLE_CELLS: usize = 40_000;

pub(super) fn draw_error<E: std::fmt::Display>(e: E) -> Error {
    Error::Input(format!("cannot draw the picture: {e}"))
}

pub fn run(a: &PlotArgs, settings: Settings) -> Result<String> {
    let Some(output) = a.output.clone() else {
        return Err(Error::Input(
            "plot needs an output file: -o FILE.svg or -o FILE.png".into(),
        ));
    };
    let size = match &a.size {
        None => None,
        Some(s) => Some(parse_size(s)?),
    };
    let words = &a.words;
    let Some((kind, rest)) = words.split_first() else {
        return Err(Error::Input(
            "plot what? `plot seq GAME --to N`, `plot maze FILE`, or `plot table 'GAME {x} {y}' --x A..B --y C..D`"
                .into(),
        ));
    };
    let rest = rest.to_vec();
    let summary = match kind.as_str() {
        "seq" => {
            let s = sequence(&rest, &a.seq, settings)?;
            render(&output, size.unwrap_or((1000, 520)), &Picture::Sequence(s.clone()))?;
            format!("{} values", s.values.len())
        }
        "table" => {
            let xs = parse_range(a.x.as_deref().unwrap_or("0..15"), "x")?;
            let ys = parse_range(a.y.as_deref().unwrap_or("0..15"), "y")?;
            let h = table(&rest, xs, ys, &settings)?;
            let text = describe(&h);
            render(&output, size.unwrap_or((900, 760)), &Picture::Heatmap(h))?;
            text
        }
        other => {
            // A game that draws its own board (the registry's picture capability).
            let picture = games::find(other).ok().and_then(|e| e.caps.picture);
            let Some(picture) = picture else {
                return Err(Error::Input(format!(
                    "cannot plot `{other}`: write `plot seq ...`, `plot maze ...` or `plot table ...`"
                )));
            };
            let h = picture(&rest, &settings)?;
            let text = describe(&h);
            render(&output, size.unwrap_or((760, 640)), &Picture::Heatmap(h))?;
            text
        }
    };
    Ok(format!("wrote {output} ({summary})\n"))
}

fn describe(h: &Heatmap) -> String {
    let max = h.cells.iter().flatten().flatten().max().copied().unwrap_or(0);
    format!("{}×{} cells, values 0..{max}", h.xs.len(), h.ys.len())
}

fn parse_size(s: &str) -> Result<(u32, u32)> {
    let bad = || Error::Input(format!("--size {s}: write WIDTHxHEIGHT in pixels, e.g. 900x700"));
    let (w, h) = s.split_once(['x', '×']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if !(100..=8000).contains(&w) || !(100..=8000).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// A range `A..B` (both included).
fn parse_range(s: &str, name: &str) -> Result<Vec<i64>> {
    let bad = || {
        Error::Input(format!(
            "--{name} {s}: write a range FROM..TO of natural numbers, e.g. 0..15"
        ))
    };
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let b = b.trim_start_matches('=');
    let (a, b): (i64, i64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < 0 || b < a {
        return Err(bad());
    }
    Ok((a..=b).collect())
}

/// `plot seq ...`: the words and options as `seq` takes them; values and period from
/// `seq --json`.
fn sequence(words: &[String], opts: &SeqOptions, settings: Settings) -> Result<Sequence> {
    let to = opts.to.as_deref().and_then(|n| n.parse::<u64>().ok());
    if let Some(to) = to
        && to >= MAX_SEQ_POINTS
    {
        return Err(Error::Input(format!(
            "plot seq draws at most {MAX_SEQ_POINTS} values (heaps 0..{}): --to {to} is too large",
            MAX_SEQ_POINTS - 1
        )));
    }
    let title = words
        .iter()
        .filter(|w| !w.starts_with("--"))
        .cloned()
        .collect::<Vec<_>>();
    let text = super::seq::json_document(words, opts, settings)?;
    let doc: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| Error::Input(format!("seq output is not JSON: {e}")))?;
    let values: Vec<u64> = doc["values"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_u64()).collect())
        .unwrap_or_default();
    Ok(Sequence {
        title: doc["game"].as_str().map_or_else(|| title.join(" "), str::to_string),
        values,
        preperiod: doc["preperiod"].as_u64(),
        period: doc["period"].as_u64(),
        proved: doc["proved"].as_bool().unwrap_or(false),
    })
}

/// `plot table 'GAME {x} {y}' --x A..B --y C..D`: the value of every position of the template.
pub fn table(words: &[String], xs: Vec<i64>, ys: Vec<i64>, settings: &Settings) -> Result<Heatmap> {
    let template = words.join(" ");
    if !template.contains("{x}") || !template.contains("{y}") {
        return Err(Error::Input(format!(
            "plot table needs a position template with {{x}} and {{y}}, e.g. 'nim {{x}} {{y}}'; got `{template}`"
        )));
    }
    if xs.len() * ys.len() > MAX_TABLE_CELLS {
        return Err(Error::Input(format!(
            "the table has {} cells: at most {MAX_TABLE_CELLS} are drawn",
            xs.len() * ys.len()
        )));
    }
    let mut cells = vec![vec![None; xs.len()]; ys.len()];
    let mut any = false;
    let mut first_error = None;
    for (r, y) in ys.iter().enumerate() {
        settings.control.check()?;
        for (c, x) in xs.iter().enumerate() {
            let text = template.replace("{x}", &x.to_string()).replace("{y}", &y.to_string());
            // A cell without a position (Welter's pawns on one square, ...) stays empty.
            match games::build(&games::words(&text), settings).and_then(|p| p.value()) {
                Ok(v) => {
                    cells[r][c] = v.finite().map(|n| n.0);
                    any = true;
                }
                Err(e @ (Error::Interrupted | Error::StateLimit(_))) => return Err(e),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    }
    if !any {
        return Err(first_error.unwrap_or_else(|| Error::Input("the table is empty".into())));
    }
    Ok(Heatmap {
        title: format!("{template}: Grundy values"),
        x_label: "x".into(),
        y_label: "y".into(),
        xs,
        ys,
        cells,
        none_means: "no position".into(),
        mark: None,
    })
}

/// Register a TrueType font for plotters (once).
pub(super) fn font() -> Result<()> {
    static DONE: std::sync::OnceLock<std::result::Result<(), String>> = std::sync::OnceLock::new();
    DONE.get_or_init(|| {
        let mut candidates: Vec<String> = std::env::var("GRUNDY_FONT").into_iter().collect();
        candidates.extend(
            [
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/TTF/DejaVuSans.ttf",
                "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf",
                "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
                "/Library/Fonts/Arial.ttf",
                "/System/Library/Fonts/Supplemental/Arial.ttf",
                "C:\\Windows\\Fonts\\arial.ttf",
            ]
            .map(String::from),
        );
        for path in candidates {
            if let Ok(bytes) = std::fs::read(&path) {
                // plotters keeps fonts for the life of the program: leak the bytes once.
                let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
                if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                    return Ok(());
                }
            }
        }
        Err("no TrueType font found for the labels: set GRUNDY_FONT=/path/to/font.ttf".into())
    })
    .clone()
    .map_err(Error::Input)
}

/// What to draw.
pub enum Picture {
    Sequence(Sequence),
    Heatmap(Heatmap),
}

fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, picture: &Picture) -> Result<()> {
    match picture {
        Picture::Sequence(s) => draw_sequence(&root, s)?,
        Picture::Heatmap(h) => draw_heatmap(&root, h)?,
    }
    root.present().map_err(draw_error)
}

/// Draw into FILE.svg or FILE.png. The picture is drawn in memory (an SVG text, an RGB
/// buffer encoded as PNG) and then written whole (atomically, see
/// [`grundy::files::write_atomic`]), so a write error names the file and says what the system
/// said, with no text of the drawing library's internals, and an existing file is replaced
/// only by a complete picture.
pub fn render(output: &str, size: (u32, u32), picture: &Picture) -> Result<()> {
    let lower = output.to_ascii_lowercase();
    let bytes = if lower.ends_with(".svg") {
        font()?;
        let mut svg = String::new();
        draw(SVGBackend::with_string(&mut svg, size).into_drawing_area(), picture)?;
        svg.into_bytes()
    } else if lower.ends_with(".png") {
        font()?;
        let (w, h) = size;
        let mut rgb = vec![0u8; w as usize * h as usize * 3];
        draw(BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area(), picture)?;
        let mut png = Vec::new();
        use image::ImageEncoder;
        image::codecs::png::PngEncoder::new(&mut png)
            .write_image(&rgb, w, h, image::ColorType::Rgb8)
            .map_err(|_| Error::Input(format!("cannot encode the picture {output} as PNG")))?;
        png
    } else {
        return Err(Error::Input(format!(
            "output {output}: the file name must end in .svg or .png"
        )));
    };
    grundy::files::write_atomic(std::path::Path::new(output), &bytes, "the picture")
}

/// Readable colours for values 0..=max (viridis), and a text colour that stands out on each.
fn colour(v: u64, max: u64) -> (RGBColor, RGBColor) {
    let t = if max == 0 { 0.0 } else { v as f64 / max as f64 };
    // Viridis (perceptually uniform, readable in grey and for colour-blind readers), sampled.
    const STOPS: [(u8, u8, u8); 6] = [
        (68, 1, 84),
        (65, 68, 135),
        (42, 120, 142),
        (34, 168, 132),
        (122, 209, 81),
        (253, 231, 37),
    ];
    let x = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let c = RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2));
    let light = 0.299 * c.0 as f64 + 0.587 * c.1 as f64 + 0.114 * c.2 as f64 > 140.0;
    (c, if light { BLACK } else { WHITE })
}

const WALL: RGBColor = RGBColor(60, 60, 60);

/// A heatmap with values in the cells (when they fit), walls dark, and a colour bar.
pub fn draw_heatmap<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, h: &Heatmap) -> Result<()> {
    root.fill(&WHITE).map_err(draw_error)?;
    let (width, _) = root.dim_in_pixel();
    let (main, bar) = root.split_horizontally(width.saturating_sub(130));
    let max = h.cells.iter().flatten().flatten().max().copied().unwrap_or(0);
    let (nx, ny) = (h.xs.len(), h.ys.len());
    let mut chart = ChartBuilder::on(&main)
        .caption(&h.title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(48)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.5f64..nx as f64 - 0.5, -0.5f64..ny as f64 - 0.5)
        .map_err(draw_error)?;
    let xs = h.xs.clone();
    let ys = h.ys.clone();
    let fx = move |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < xs.len() {
            xs[i as usize].to_string()
        } else {
            String::new()
        }
    };
    let fy = move |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < ys.len() {
            ys[i as usize].to_string()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(nx.min(32) + 1)
        .y_labels(ny.min(32) + 1)
        .x_label_formatter(&fx)
        .y_label_formatter(&fy)
        .x_desc(&h.x_label)
        .y_desc(&h.y_label)
        .axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(draw_error)?;
    let cell_px = {
        let (w, hgt) = main.dim_in_pixel();
        (w.saturating_sub(80) as usize / nx.max(1)).min(hgt.saturating_sub(100) as usize / ny.max(1))
    };
    let digits = max.to_string().len();
    let write_values = cell_px >= 8 * digits + 6;
    let font_px = (cell_px as f64 * 0.45).clamp(9.0, 22.0);
    for (r, row) in h.cells.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (x, y) = (c as f64, r as f64);
            let area = [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)];
            match v {
                None => {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(area, WALL.filled())))
                        .map_err(draw_error)?;
                }
                Some(v) => {
                    let (fill, ink) = colour(*v, max);
                    chart
                        .draw_series(std::iter::once(Rectangle::new(area, fill.filled())))
                        .map_err(draw_error)?;
                    if write_values {
                        let style = TextStyle::from(("sans-serif", font_px).into_font())
                            .color(&ink)
                            .pos(Pos::new(HPos::Center, VPos::Center));
                        chart
                            .draw_series(std::iter::once(Text::new(v.to_string(), (x, y), style)))
                            .map_err(draw_error)?;
                    }
                }
            }
        }
    }
    if let Some((c, r)) = h.mark {
        let (x, y) = (c as f64, r as f64);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(x - 0.45, y - 0.45), (x + 0.45, y + 0.45)],
                RED.stroke_width(4),
            )))
            .map_err(draw_error)?
            .label("the figure (@)")
            .legend(|(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], RED.stroke_width(3)));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("sans-serif", 14))
            .draw()
            .map_err(draw_error)?;
    }
    colour_bar(
        &bar,
        max,
        h.cells.iter().flatten().any(Option::is_none).then_some(&h.none_means),
    )
}

/// The legend of a heatmap: colours of the values 0..=max, and the colour of `None` cells.
fn colour_bar<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, max: u64, none: Option<&String>) -> Result<()> {
    let mut chart = ChartBuilder::on(area)
        .margin_top(60)
        .margin_bottom(if none.is_some() { 110 } else { 60 })
        .margin_right(10)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..1f64, -0.5f64..max as f64 + 0.5)
        .map_err(draw_error)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_desc("Grundy value")
        .y_labels((max as usize + 1).min(12))
        .y_label_formatter(&|v| integer_label(*v))
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(draw_error)?;
    let steps = (max + 1).min(256);
    for i in 0..steps {
        let v = i * (max + 1) / steps;
        let lo = i as f64 * (max as f64 + 1.0) / steps as f64 - 0.5;
        let hi = (i + 1) as f64 * (max as f64 + 1.0) / steps as f64 - 0.5;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, lo), (1.0, hi)],
                colour(v, max).0.filled(),
            )))
            .map_err(draw_error)?;
    }
    if let Some(text) = none {
        let (_, h) = area.dim_in_pixel();
        let y = h as i32 - 90;
        area.draw(&Rectangle::new([(62, y), (90, y + 22)], WALL.filled()))
            .map_err(draw_error)?;
        area.draw(&Text::new(text.clone(), (62, y + 28), ("sans-serif", 14)))
            .map_err(draw_error)?;
    }
    Ok(())
}

/// A tick label for whole numbers only (no repeated labels at fractional ticks).
fn integer_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 && v > -0.5 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

/// g(n) against n with the preperiod and one period shaded, period boundaries dashed.
pub fn draw_sequence<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, s: &Sequence) -> Result<()> {
    root.fill(&WHITE).map_err(draw_error)?;
    let n = s.values.len() as f64;
    let max = s.values.iter().max().copied().unwrap_or(0) as f64;
    let top = max + 1.0 + (max * 0.3).max(1.0); // headroom for the legend
    let mut chart = ChartBuilder::on(root)
        .caption(format!("{}: Grundy values g(n)", s.title), ("sans-serif", 22))
        .margin(14)
        .x_label_area_size(46)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.5f64..n - 0.5, -0.2f64..top)
        .map_err(draw_error)?;
    chart
        .configure_mesh()
        .light_line_style(WHITE.mix(0.0))
        .x_desc("heap size n")
        .y_desc("g(n)")
        .y_labels(((max as usize) + 2).min(20))
        .x_label_formatter(&|v| integer_label(*v))
        .y_label_formatter(&|v| integer_label(*v))
        .axis_desc_style(("sans-serif", 16))
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(draw_error)?;
    let grey = RGBColor(215, 215, 215);
    let blue = RGBColor(190, 215, 245);
    if let Some(pre) = s.preperiod.filter(|&p| p > 0) {
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(-0.5, -0.2), (pre as f64 - 0.5, top)],
                grey.filled(),
            )))
            .map_err(draw_error)?
            .label(format!("preperiod: n < {pre}"))
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], grey.filled()));
    }
    if let (Some(period), Some(pre)) = (s.period, s.preperiod) {
        let start = pre as f64 - 0.5;
        let proved = if s.proved { "proved" } else { "seen, not proved" };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(start, -0.2), ((start + period as f64).min(n - 0.5), top)],
                blue.filled(),
            )))
            .map_err(draw_error)?
            .label(format!("one period: {period} ({proved})"))
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 16, y + 6)], blue.filled()));
        let mut b = start + period as f64;
        let mut lines = Vec::new();
        while b < n - 0.5 {
            lines.push(b);
            b += period as f64;
        }
        chart
            .draw_series(
                lines
                    .into_iter()
                    .map(|b| PathElement::new(vec![(b, -0.2), (b, top)], BLUE.mix(0.5).stroke_width(1))),
            )
            .map_err(draw_error)?;
    }
    let points: Vec<(f64, f64)> = s
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| (i as f64, *v as f64))
        .collect();
    chart
        .draw_series(LineSeries::new(points.clone(), BLACK.mix(0.5).stroke_width(1)))
        .map_err(draw_error)?;
    chart
        .draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, 4, RGBColor(200, 40, 40).filled())),
        )
        .map_err(draw_error)?
        .label("g(n)")
        .legend(|(x, y)| Circle::new((x + 8, y), 4, RGBColor(200, 40, 40).filled()));
    if s.values.len() <= 64 {
        let style = TextStyle::from(("sans-serif", 12).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
        chart
            .draw_series(
                points
                    .iter()
                    .map(|&(x, y)| Text::new(format!("{}", y as u64), (x, y + 0.12), style.clone())),
            )
            .map_err(draw_error)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()
        .map_err(draw_error)?;
    Ok(())
}
