//! A fifth game added from outside the crate, touching nothing else: a coin-flip table with a
//! private guess and a picture. It declares its commands once (`#[derive(Commands)]`), returns a
//! per-viewer view model, draws its picture from that view only, and is registered with one
//! line. The console plays it through the real table (log, undo, permissions, buttons), and the
//! public view and picture never carry a guess before the flip.

use std::path::Path;
use std::sync::Arc;

use croupier::console::{Console, ConsoleOptions};
use croupier::i18n::Locale;
use croupier::render::svg::{Doc, Text, PHONE_WIDTH};
use croupier::store::Store;
use croupier::table::{
    refuse, Actor, BadState, Choices, Commands, Ctx, DataError, DynGame, Game, Loaded, ManualClock,
    Message, Registry, Reply, RuleError, SeedMode, Table, UserId, Viewer,
};
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Heads or tails
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Choices)]
enum Side {
    #[choice(label = "Heads", aliases("h"))]
    Heads,
    #[choice(label = "Tails", aliases("t"))]
    Tails,
}

/// Coin flip: guess in secret, then the host flips
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Commands)]
#[commands(name = "coin")]
enum CoinCommand {
    /// Open a coin-flip table here (you host)
    #[cmd(public)]
    New,
    /// Guess the side in secret (only you see it until the flip)
    Guess {
        /// Heads or tails
        side: Side,
    },
    /// Flip the coin and reveal every guess (host)
    #[cmd(perm = host, public)]
    Flip,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Coin {
    guesses: Vec<(UserId, String, Side)>,
    result: Option<Side>,
}

/// What one viewer may see.
#[derive(Debug, Serialize)]
struct CoinView {
    /// Each guesser and, if the viewer may see it, the guess.
    guesses: Vec<(String, Option<Side>)>,
    result: Option<Side>,
    winners: Vec<String>,
}

impl Game for Coin {
    type Command = CoinCommand;
    /// The command is the action.
    type Action = CoinCommand;
    type Data = ();
    type Shared = ();
    type View = CoinView;
    const NAME: &'static str = "coin";
    const TITLE: &'static str = "Coin flip";
    const PICTURED: bool = true;

    fn load_data(_dir: &Path) -> Result<(), Vec<DataError>> {
        Ok(())
    }

    fn open(
        _ctx: &mut Ctx<'_, (), ()>,
        host: &Actor,
        cmd: CoinCommand,
    ) -> Result<(Self, Vec<Reply>), RuleError> {
        if cmd != CoinCommand::New {
            return refuse("a coin flip opens with `/coin new`.");
        }
        let msg = Message::titled(
            "🪙 Coin flip",
            format!(
                "{} opens a coin flip: guess with `/coin guess side:`.",
                host.name
            ),
        )
        .button("Flip", &CoinCommand::Flip);
        Ok((
            Coin {
                guesses: vec![],
                result: None,
            },
            vec![Reply::public(msg)],
        ))
    }

    fn action(
        &self,
        _a: &Actor,
        cmd: CoinCommand,
        _d: &(),
        _s: &(),
    ) -> Result<CoinCommand, RuleError> {
        match cmd {
            CoinCommand::New => refuse("a coin flip is already open here."),
            action => Ok(action),
        }
    }

    fn apply(
        &mut self,
        ctx: &mut Ctx<'_, (), ()>,
        actor: &Actor,
        action: &CoinCommand,
    ) -> Result<Vec<Reply>, RuleError> {
        if self.result.is_some() {
            return refuse("the coin has been flipped.");
        }
        match action {
            CoinCommand::New => refuse("a coin flip is already open here."),
            CoinCommand::Guess { side } => {
                if self.guesses.iter().any(|g| g.0 == actor.id) {
                    return refuse("you have guessed already.");
                }
                self.guesses
                    .push((actor.id.clone(), actor.name.clone(), *side));
                Ok(vec![
                    Reply::public(Message::text(format!("{} has guessed.", actor.name))),
                    Reply::private(
                        &actor.id,
                        Message::text(format!("You guessed {}.", side.label())),
                    ),
                ])
            }
            CoinCommand::Flip => {
                let side = if ctx.rng.random_bool(0.5) {
                    Side::Heads
                } else {
                    Side::Tails
                };
                self.result = Some(side);
                let v = self.view_for(&Viewer::public());
                Ok(vec![Reply::public(Message::text(format!(
                    "🪙 {}! Right: {}.",
                    side.label(),
                    if v.winners.is_empty() {
                        "nobody".to_string()
                    } else {
                        v.winners.join(", ")
                    }
                )))])
            }
        }
    }

    fn view(&self, viewer: &Actor, _data: &()) -> Vec<Reply> {
        let v = self.view_for(&Viewer::of(viewer));
        let lines: Vec<String> = v
            .guesses
            .iter()
            .map(|(n, s)| match s {
                Some(s) => format!("{n}: {}", s.label()),
                None => format!("{n}: (secret)"),
            })
            .collect();
        vec![Reply::private(
            &viewer.id,
            Message::titled("🪙 Coin flip", lines.join("\n")),
        )]
    }

    fn view_model(&self, _data: &(), viewer: &Viewer) -> Result<CoinView, BadState> {
        Ok(self.view_for(viewer))
    }

    fn picture(view: &CoinView, _locale: Locale) -> Vec<Doc> {
        let mut doc = Doc::new(PHONE_WIDTH, 40.0 + 24.0 * view.guesses.len() as f32);
        let title = match view.result {
            Some(s) => format!("Coin: {}", s.label()),
            None => "Coin: not flipped".into(),
        };
        doc.push(Text::new(16.0, 28.0, title).size(18.0).bold());
        for (i, (name, side)) in view.guesses.iter().enumerate() {
            let guess = side.map_or("?", |s| s.label());
            doc.push(
                Text::new(16.0, 56.0 + 24.0 * i as f32, format!("{name}: {guess}")).size(14.0),
            );
        }
        vec![doc]
    }

    fn is_over(&self) -> bool {
        self.result.is_some()
    }
}

impl Coin {
    /// The one visibility rule: a guess is seen by its guesser, and by everyone after the flip.
    fn view_for(&self, viewer: &Viewer) -> CoinView {
        let flipped = self.result.is_some();
        CoinView {
            guesses: self
                .guesses
                .iter()
                .map(|(u, n, s)| {
                    let mine = viewer.user.as_ref() == Some(u);
                    (n.clone(), (flipped || mine).then_some(*s))
                })
                .collect(),
            result: self.result,
            winners: self
                .guesses
                .iter()
                .filter(|g| Some(g.2) == self.result)
                .map(|g| g.1.clone())
                .collect(),
        }
    }
}

fn table() -> Table {
    // The one registration line, beside the built-in games.
    let mut games: Vec<Box<dyn DynGame>> = croupier::games::load(Path::new("data"))
        .expect("data loads")
        .into_games();
    games.push(Box::new(Loaded::<Coin>::new(())));
    Table::new(
        Store::in_memory().expect("store"),
        Arc::new(Registry::of(games)),
        Arc::new(ManualClock::at(1_800_000_000)),
        SeedMode::Fixed(5),
    )
}

fn say(c: &mut Console, line: &str) -> String {
    let mut out = Vec::new();
    c.line(1, line, &mut out).expect("console line");
    String::from_utf8(out).expect("utf8")
}

#[test]
fn a_fifth_game_plays_through_the_table_with_a_private_guess_and_a_picture() {
    let mut t = table();
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    let help = say(&mut c, "alice: /help");
    assert!(help.contains("`/coin` —"), "{help}");
    let page = say(&mut c, "alice: /help command:coin guess");
    assert!(page.contains("/coin guess side:heads|tails"), "{page}");
    say(&mut c, "alice: /coin new");
    let g = say(&mut c, "bob: /coin guess side:h");
    assert!(g.contains("bob has guessed."), "{g}");
    assert!(g.contains("[#table → bob only]\nYou guessed Heads."), "{g}");
    // Another player acts in between; the declaration refuses a wrong value with the choices.
    let bad = say(&mut c, "carol: /coin guess side:edge");
    assert!(
        bad.contains("side `edge` is unknown; use heads or tails."),
        "{bad}"
    );
    say(&mut c, "carol: /coin guess side:tails");
    // The public status shows that Bob guessed, not what.
    let status = say(&mut c, "dave: /game status");
    assert!(status.contains("bob: (secret)"), "{status}");
    assert!(
        !status.contains("Heads") && !status.contains("Tails"),
        "{status}"
    );
    // Flipping is the host's: the table refuses anyone else from the declaration.
    let no = say(&mut c, "bob: /coin flip");
    assert!(no.contains("only the host"), "{no}");
    let flip = say(&mut c, "alice: /coin flip");
    assert!(flip.contains("🪙 "), "{flip}");
    assert!(flip.contains("Right: "), "{flip}");
}

#[test]
fn the_public_view_and_picture_of_the_fifth_game_hold_no_guess_before_the_flip() {
    let mut t = table();
    let clock = Arc::new(ManualClock::at(1_800_000_000));
    let mut c = Console::new(&mut t, clock, ConsoleOptions::default());
    say(&mut c, "alice: /coin new");
    say(&mut c, "bob: /coin guess side:tails");
    let state = c.table().state_json("table").unwrap().unwrap()["state"].clone();
    let games = Registry::of(vec![Box::new(Loaded::<Coin>::new(()))]);
    let coin = games.find("coin").unwrap();
    let typed = coin.load_value(&state).unwrap();
    let public = coin.view_model(&typed, &Viewer::public()).unwrap();
    assert!(!public.to_string().contains("Tails"), "{public}");
    let bobs = coin
        .view_model(&typed, &Viewer::user(&UserId::new("bob")))
        .unwrap();
    assert!(
        bobs.to_string().contains("Tails"),
        "the guesser sees his own: {bobs}"
    );
    // The picture is drawn from the view: the public one shows Bob guessed, not what; Bob's shows it.
    let texts = |viewer: Option<&str>| -> String {
        croupier::render::docs(&games, "coin", &state, viewer, Locale::En)
            .expect("the game draws a picture")
            .unwrap()
            .iter()
            .flat_map(|d| d.texts().into_iter().map(str::to_string))
            .collect::<Vec<_>>()
            .join("|")
    };
    assert_eq!(texts(None), "Coin: not flipped|bob: ?");
    assert_eq!(texts(Some("bob")), "Coin: not flipped|bob: Tails");
    let png = croupier::render::picture(&games, "coin", &state, None, Locale::En)
        .unwrap()
        .unwrap();
    assert!(png[0].width > 100 && png[0].bytes.starts_with(b"\x89PNG"));
}
