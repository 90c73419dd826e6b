//! Tables: per-channel game sessions, the `Game` trait, and the service that runs them.

pub mod builtins;
mod clock;
mod command;
mod data_file;
pub mod declare;
pub mod effects;
mod engine;
mod error;
mod game;
pub mod generic;
mod handle;
pub mod help;
mod language;
pub mod odds;
pub mod record;
pub mod registry;
mod reply;
pub mod said;
mod service;
mod shown;
mod spec;
mod states;
mod text;
pub mod text_patch;
mod typed;

pub use clock::{Clock, ManualClock, SystemClock};
pub use command::{Command, CommandSyntaxError};
pub use data_file::{read_data_file, MAX_DATA_TEXT};
pub use declare::{Choices, Commands, Permission};
pub use engine::{Input, Lifetime, Outcome, Request, TableError, Trouble, SYSTEM_USER};
pub use error::{refuse, refuse_said, DataError, Refusal, RuleError};
pub use game::{
    Actor, BadState, Ctx, Decision, DynCtx, DynError, DynGame, DynState, Game, Loaded, Place, Role,
    Viewer,
};
pub use handle::{GroupEnd, GroupReport, OnGroup, TableHandle};
pub use registry::Registry;
pub use reply::user_text;
pub use reply::{
    Attachment, Audience, Button, ButtonStyle, Choice, Field, Image, Message, Picture, Reply,
    Select, SelectOption, Stamp, UserId,
};
pub use said::{english, Chance, Label, Phrase, PhraseField, RollSaid, Said, Value};
pub use service::{channel_seed, Group, SeedMode, Standing, Table, DUE_BATCH, REQUEST_KEEP_SECS};
pub use shown::{Found, Shown, ShownList};
pub use spec::{
    command_key, may_answer_privately, Answer, CommandSpec, OptionKind, OptionSpec,
    DEFAULT_MAX_LENGTH, MAX_LENGTH_LIMIT,
};
pub use states::{Cached, StateCache, States, STATE_CACHE_BYTES};
pub use text::{mentions_to_at, render_reply, render_reply_in};
