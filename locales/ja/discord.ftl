# Discord の窓口そのものが、操作した本人にだけ伝えること（croupier-discord の handler.rs）。

discord-restarting = ⏳ Croupierは再起動中です。何も行っていません。少ししてからもう一度どうぞ。
discord-done-already = ✅ これは実行済みです。その返答はチャンネルに投稿されています。
discord-answer-lost = ⚠️ 実行はしましたが、返答を表示できませんでした。`/game status` か `/game log` で今の状況が分かります。
discord-unknown-button = ⛔ このボタンはもう使えません。今のボタンは `/game status` で出せます。
discord-disk-full = ⚠️ Croupierのデータベースのディスクがいっぱいで、保存できませんでした。何も変わっていません。Croupierの管理者に伝え、空きができてからもう一度どうぞ。
discord-busy = ⏳ Croupierのデータベースが混み合っていて保存できませんでした。何も変わっていません。少ししてからもう一度どうぞ。
discord-not-saved = ⚠️ 今は保存できませんでした（データベースのエラー）。何も変わっていません。もう一度どうぞ。
