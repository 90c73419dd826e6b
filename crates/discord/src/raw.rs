//! The `app_permissions` of each interaction as Discord sent them, noted by the gateway relay
//! ([`super::shards`]) and read by the handler: serenity's reading drops bits it does not know.

use tokio_tungstenite::tungstenite::Message;

/// The `app_permissions` of recent interactions as Discord sent them, read from the gateway
/// frames passing the relay. serenity keeps only the permission bits it knows (0.12.5 reads
/// them with `from_bits_truncate`), which drops Pin Messages (1 << 51); the raw bits are the
/// interaction's own ("Interaction Object": `app_permissions`, "Bitwise set of permissions the
/// app has within the channel the interaction was sent from").
#[derive(Default)]
pub struct RawPermissions {
    by_interaction: std::sync::Mutex<std::collections::HashMap<u64, u64>>,
}

/// Kept at most (interactions whose bits were never asked for are forgotten in bulk).
const RAW_KEPT: usize = 4096;

impl RawPermissions {
    /// Notes the bits of an INTERACTION_CREATE frame (text, or zlib-compressed binary).
    pub(crate) fn note(&self, msg: &Message) {
        let text: std::borrow::Cow<str> = match msg {
            Message::Text(t) if t.contains("INTERACTION_CREATE") => t.as_str().into(),
            Message::Binary(b) => {
                use std::io::Read;
                let mut s = String::new();
                if flate2::read::ZlibDecoder::new(&b[..])
                    .read_to_string(&mut s)
                    .is_err()
                    || !s.contains("INTERACTION_CREATE")
                {
                    return;
                }
                s.into()
            }
            _ => return,
        };
        #[derive(serde::Deserialize)]
        struct Frame {
            t: Option<String>,
            d: Option<Data>,
        }
        #[derive(serde::Deserialize)]
        struct Data {
            id: String,
            app_permissions: Option<String>,
        }
        let Ok(Frame {
            t: Some(t),
            d: Some(d),
        }) = serde_json::from_str::<Frame>(&text)
        else {
            return;
        };
        let (Ok(id), Some(Ok(bits))) = (
            d.id.parse::<u64>(),
            d.app_permissions.map(|p| p.parse::<u64>()),
        ) else {
            return;
        };
        if t != "INTERACTION_CREATE" {
            return;
        }
        if let Ok(mut m) = self.by_interaction.lock() {
            if m.len() >= RAW_KEPT {
                m.clear();
            }
            m.insert(id, bits);
        }
    }

    /// The raw bits of interaction `id`, once (then forgotten).
    pub fn take(&self, id: u64) -> Option<u64> {
        self.by_interaction.lock().ok()?.remove(&id)
    }
}
