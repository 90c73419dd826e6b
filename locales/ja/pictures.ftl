# 画像に描く言葉（croupier-core の render、各ゲームの picture.rs）：見出し、ラベル、状態。
# 数、名前、ダイス、障害物の略号はそのまま描く。ダイス画像の成功数は dice.ftl の dice-successes。

# 名前を並べるとき（優勝者）の区切り。
pic-list-and = 、
pic-winner = 勝者：{ $names }

## ダイス卓のスコアボード。
pic-dice-table-title = ダイス卓
pic-dice-table-joining = 参加受付中
pic-dice-table-round = ラウンド{ $round }/{ $rounds }
pic-dice-table-over = 終了
pic-dice-table-rule = 毎手番{ $expr }を振る · 合計が最大の人の勝ち
pic-dice-table-you = あなた
pic-dice-table-to-roll = 手番
pic-dice-table-winner = ★ 勝者
pic-dice-table-nobody = まだ誰も着席していません。
pic-dice-table-seated = 着席{ $count }人 · ホストが /dice start で開始
pic-dice-table-next = 次：{ $name }が{ $expr }を振る

## 忍者障害物トーナメント：スコアシートとレースチャート。
pic-ninja-title = 忍者障害物トーナメント
pic-ninja-entering = 出場受付中
pic-ninja-over = 終了
pic-ninja-round = { $round ->
    [3] 決勝
   *[other] 第{ $round }ラウンド
}
pic-ninja-page = { $page }/{ $pages }ページ
pic-ninja-course = { $first } · { $course } · { $limit }手番 · { $final ->
    [yes] 1位が優勝
   *[no] { $places }人通過
}
pic-ninja-yours = { $name }（あなた）
pic-ninja-house = { $name }（ハウス忍者）
pic-ninja-up-next = 次の挑戦者
pic-ninja-to-run = 出番待ち
pic-ninja-running = 挑戦中
pic-ninja-splash = 落水
pic-ninja-oot = 時間切れ
pic-ninja-winner = ★ 優勝
pic-ninja-through = 通過
pic-ninja-finished = 完走
pic-ninja-out = 敗退
pic-ninja-no-winner = 終了：今回は優勝者なし。
pic-ninja-up = 次：{ $name } · /ninja run
pic-ninja-complete = ラウンド終了。
pic-ninja-legend-marks = x ミス · x* ボーガス · ✓ セーブ成功 · 太線：障害物突破
pic-ninja-legend-boxes = 枠付きの箱：運を使用 · ★ 運あり · (n) かかった手番
pic-ninja-race = レース：コース上の進み具合（アクションポイント）
pic-ninja-turns-axis = 手番 →
pic-ninja-entered = 出場{ $count }人 · GMが /ninja start で開始
pic-ninja-nobody = まだ誰も出場していません。
