//! Standing messages: one per channel and key (the Night Wizard combat tracker), edited in
//! place instead of posted again, and pinned when first posted. Their message ids are kept
//! in the database (`discord_slots`), so after a restart the bot goes on editing the same message.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{ChannelId, EditAttachments, EditMessage, Http, MessageId};
use tracing::warn;

use super::render::{Draft, Target};
use super::send;
use croupier_core::args;
use croupier_core::store::{StoreError, Tx};
use croupier_core::table::{TableHandle, UserId};

/// The message standing for `key` in `channel`, if one was posted.
pub fn lookup(tx: &Tx, channel: &str, key: &str) -> Result<Option<u64>, StoreError> {
    let id = tx
        .query_opt(
            "SELECT message_id FROM discord_slots WHERE channel = ?1 AND key = ?2",
            args![channel, key],
        )?
        .map(|mut r| r.text(0))
        .transpose()?;
    Ok(id.and_then(|i| i.parse().ok()))
}

/// Remembers the message standing for `key` in `channel`.
pub fn save(tx: &Tx, channel: &str, key: &str, message: u64) -> Result<(), StoreError> {
    tx.exec(
        "INSERT INTO discord_slots(channel, key, message_id) VALUES (?1, ?2, ?3)
         ON CONFLICT(channel, key) DO UPDATE SET message_id = excluded.message_id",
        args![channel, key, message.to_string().as_str()],
    )?;
    Ok(())
}

/// Discord's REST API for the routes serenity 0.12 does not have: its HTTP client (the same
/// proxy and certificates as serenity's) and the API's base URL.
#[derive(Clone)]
pub struct Rest {
    /// The client.
    pub client: reqwest::Client,
    /// `https://discord.com` (or a stand-in).
    pub base: String,
}

impl Rest {
    /// Pins a message through the current route, `PUT /channels/{channel}/messages/pins/{message}`
    /// (Discord's "Pin Message"; serenity's `ChannelPin` is the deprecated
    /// `/channels/{channel}/pins/{message}`, marked deprecated in Discord's OpenAPI description).
    /// A refusal comes back as serenity's error, so it is read as every other one.
    pub async fn pin(
        &self,
        http: &Http,
        channel: ChannelId,
        message: MessageId,
    ) -> serenity::Result<()> {
        let url = format!(
            "{}/api/v10/channels/{channel}/messages/pins/{message}",
            self.base
        );
        let token = http.token();
        let auth = if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        let resp = self
            .client
            .put(url)
            .header(reqwest::header::AUTHORIZATION, auth)
            .header(reqwest::header::CONTENT_LENGTH, 0)
            .send()
            .await
            .map_err(|e| serenity::Error::Http(serenity::HttpError::Request(e)))?;
        if resp.status().is_success() {
            return Ok(());
        }
        Err(serenity::Error::Http(
            serenity::HttpError::UnsuccessfulRequest(
                serenity::ErrorResponse::from_response(resp, reqwest::Method::PUT).await,
            ),
        ))
    }
}

/// Shows a standing draft: edits the message already standing for its key, or (the first
/// time, or when that message is gone) posts and pins a new one and remembers it. A standing
/// direct message ([`show_dm`]) is neither in the channel nor pinned.
pub async fn show(inter: &send::Inter<'_>, table: &TableHandle, rest: &Rest, d: &Draft) {
    let (http, channel) = (inter.http, inter.channel);
    let Some(key) = d.slot.clone() else {
        return;
    };
    if let Target::Dm(user) = &d.target {
        show_dm(inter, table, d, user, &key).await;
        return;
    }
    let ch = channel.to_string();
    if let Some(id) = known(table, &ch, &key).await {
        if edit(http, channel, MessageId::new(id), d).await.is_ok() {
            return;
        }
    }
    let posted = send::retry(
        "standing message",
        send::Resend::Creates,
        inter.metrics,
        || send::channel_message(d).execute(http, (channel, None)),
    )
    .await;
    let msg = match posted {
        Ok(msg) => msg,
        Err(e) => {
            // Without Send Messages (or View Channels) the tracker cannot stand in the channel:
            // it comes as a normal answer through the interaction instead, and the person who
            // acted is told which permission would keep it standing.
            if send::missing_permission(&e) || send::error_code(&e) == Some(50001) {
                let sending = send::Sending::ChannelMessage {
                    embeds: !d.embeds.is_empty(),
                    files: !d.files.is_empty(),
                };
                let mut plain = d.clone();
                plain.slot = None;
                plain.target = super::render::Target::Public;
                send::send_followup(inter, &plain).await;
                send::tell_missing(inter, "post the standing tracker in this channel", sending)
                    .await;
            }
            return;
        }
    };
    // Pinning needs Pin Messages; without it the message still stands, unpinned, and the
    // person who acted is told which permission would pin it.
    let pinned = send::retry("pin", send::Resend::Idempotent, inter.metrics, || {
        rest.pin(http, channel, msg.id)
    })
    .await;
    if let Err(e) = pinned {
        warn!(error = %e, "pinning a standing message failed");
        if send::missing_permission(&e) {
            send::tell_missing(inter, "pin the tracker", send::Sending::Pin).await;
        }
    }
    remember(table, ch, key, msg.id.get()).await;
}

/// The message standing for `key` in channel `ch`, read on the writer, in queue order after
/// the save of the message posted before (a reader could run ahead of that save and post a
/// second one).
async fn known(table: &TableHandle, ch: &str, key: &str) -> Option<u64> {
    let (c, k) = (ch.to_string(), key.to_string());
    table
        .call(ch, move |t| t.read_rows(|tx| lookup(tx, &c, &k)))
        .await
        .unwrap_or_else(|e| {
            warn!(error = %e, "reading a standing message id failed");
            None
        })
}

/// Remembers `id` as the message standing for `key` in channel `ch`.
async fn remember(table: &TableHandle, ch: String, key: String, id: u64) {
    let saved = table
        .call(&ch.clone(), move |t| {
            t.write_rows(|tx| save(tx, &ch, &key, id))
        })
        .await;
    if let Err(e) = saved {
        warn!(error = %e, "saving a standing message id failed");
    }
}

/// A standing direct message to `user` for the channel's `key` (the GM's view of a fight):
/// one message in their DMs, edited with each new view, remembered per channel as
/// `{key}:{user}`. A direct message because an ephemeral answer can be edited only through
/// the interaction that made it, within 15 minutes ("Interaction tokens are valid for 15
/// minutes"), and is seen only by who acted; a bot's own DM stays editable through the
/// channel's message route. Closed DMs get the note `send::answer` gives.
async fn show_dm(
    inter: &send::Inter<'_>,
    table: &TableHandle,
    d: &Draft,
    user: &UserId,
    key: &str,
) {
    let http = inter.http;
    let Some(uid) = user.0.parse::<u64>().ok().filter(|i| *i != 0) else {
        return;
    };
    let dm = send::retry("open DM", send::Resend::Idempotent, inter.metrics, || {
        serenity::UserId::new(uid).create_dm_channel(http)
    })
    .await;
    let Ok(dm) = dm else {
        send::send_followup(inter, &send::dm_closed(user)).await;
        return;
    };
    let (ch, key) = (inter.channel.to_string(), format!("{key}:{}", user.0));
    if let Some(id) = known(table, &ch, &key).await {
        if edit(http, dm.id, MessageId::new(id), d).await.is_ok() {
            return;
        }
    }
    match send::post_with_nonce(http, inter.metrics, dm.id, d, send::nonce(None, 0)).await {
        Ok(id) => remember(table, ch, key, id).await,
        Err(_) => send::send_followup(inter, &send::dm_closed(user)).await,
    }
}

/// Replaces the message's embeds, components and attachments with the draft's.
async fn edit(http: &Http, channel: ChannelId, id: MessageId, d: &Draft) -> serenity::Result<()> {
    let mut attachments = EditAttachments::new();
    for f in send::attachments(d) {
        attachments = attachments.add(f);
    }
    let mut b = EditMessage::new()
        .embeds(send::embeds(d))
        .components(send::components(d))
        .attachments(attachments);
    if !d.content.is_empty() {
        b = b.content(&d.content);
    }
    b.execute(http, (channel, id, None)).await.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standing_message_is_remembered_per_channel_and_key() {
        let mut store = croupier_core::store::Store::in_memory().unwrap();
        let conn = &store.transaction().unwrap();
        assert_eq!(lookup(conn, "42", "tracker").unwrap(), None);
        save(conn, "42", "tracker", 1001).unwrap();
        save(conn, "43", "tracker", 2002).unwrap();
        assert_eq!(lookup(conn, "42", "tracker").unwrap(), Some(1001));
        save(conn, "42", "tracker", 1003).unwrap();
        assert_eq!(lookup(conn, "42", "tracker").unwrap(), Some(1003));
        assert_eq!(lookup(conn, "43", "tracker").unwrap(), Some(2002));
        assert_eq!(lookup(conn, "42", "other").unwrap(), None);
    }
}
