//! `/game language`: the language a channel's replies are written in, and each person's own
//! (stored in `channels.language` and `user_languages`, `migrations/0014_languages.sql`), and
//! the one rule that turns them and a request's own languages into its readers'.

use std::cell::Cell;

use crate::i18n::{Locale, Readers};
use crate::store::{self, Tx};

use super::builtins::{ChannelLanguage, MyLanguage};
use super::engine::{Fail, Request};
use super::game::Actor;
use super::said::{Phrase, Said};
use super::{Message, Reply};

/// The languages a request's replies are read in: the actor's own choice (`/game language
/// me:`) over their client's for what only they read; the channel's choice (`channel:`) over
/// the server's for what the channel reads. Outside a server (a DM) the channel is the actor's,
/// so their own choice is its language too.
pub(super) fn chosen_readers(req: &Request, channel: Option<&str>, user: Option<&str>) -> Readers {
    let mut r = req.locale;
    if let Some(u) = user {
        r.user = Locale::from_tag(u);
        if req.guild.is_none() {
            r.server = r.user;
        }
    }
    if let Some(c) = channel {
        r.server = Locale::from_tag(c);
    }
    r
}

/// `/game language [channel:…] [me:…]`: sets what is given (the channel's language only by
/// its host or a channel manager: `actor` has `manager` set for the host) and shows both
/// settings; `readers` becomes the request's readers under the new settings, so the answer
/// is already in the language chosen.
pub(super) fn language(
    tx: &Tx,
    req: &Request,
    actor: &Actor,
    channel: Option<ChannelLanguage>,
    me: Option<MyLanguage>,
    readers: &Cell<Readers>,
) -> Result<Vec<Reply>, Fail> {
    if channel.is_some() && !actor.manager {
        return Err(Fail::said(Phrase::new("game-language-not-host")));
    }
    if let Some(c) = channel {
        let tag = match c {
            ChannelLanguage::En => Some(Locale::En.code()),
            ChannelLanguage::Ja => Some(Locale::Ja.code()),
            ChannelLanguage::Server => None,
        };
        store::channel_set_language(tx, &req.channel, tag)?;
    }
    if let Some(m) = me {
        let tag = match m {
            MyLanguage::En => Some(Locale::En.code()),
            MyLanguage::Ja => Some(Locale::Ja.code()),
            MyLanguage::Discord => None,
        };
        store::user_set_language(tx, &actor.id.0, tag)?;
    }
    let store::Languages {
        channel: chan,
        user,
        ..
    } = store::channel_languages(tx, &req.channel, &actor.id.0)?.unwrap_or_default();
    readers.set(chosen_readers(req, chan.as_deref(), user.as_deref()));
    let said = Said::Phrase(
        Phrase::titled("game-language-title", "game-language-now")
            .arg("channel", chan.as_deref().unwrap_or("server"))
            .arg("me", user.as_deref().unwrap_or("discord")),
    );
    let m = Message::said(said);
    Ok(vec![if channel.is_some() {
        Reply::public(m)
    } else {
        Reply::private(&actor.id, m)
    }])
}
