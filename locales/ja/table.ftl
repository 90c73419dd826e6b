# 卓そのものの言葉（croupier-core の table::Phrase）：/game の組み込みコマンド、/help、断り。

# /game language。$channel は en、ja、server（未設定）；$me は en、ja、discord（未設定）。
game-language-title = 🌐 言語
game-language-now = このチャンネルへの返答：{ $channel ->
    [en] 英語
    [ja] 日本語
   *[server] サーバーの言語
}
    あなただけへの返答とDM：{ $me ->
    [en] 英語
    [ja] 日本語
   *[discord] Discordの言語
}
    変更は `/game language channel:`（ホストかチャンネル管理者）と `/game language me:` で。
