# 日本語のコマンド名と説明（Discord の name_localizations / description_localizations）。
# 英語はコマンドの宣言そのもの（#[derive(Commands)]）で、ここには書かない。キーは登録されるコマンドの道筋：
# cmd-コマンド-サブコマンド、オプションは --名前、選択肢は --値（+ は p、- は m、/ は s）。
# 名前は Discord の規則（小文字、空白なし、32文字まで）、説明は100文字まで。

# /roll: Roll dice: 2d6+3, 4d6kh3, 1d20!, 10d10>=8 … with an optional label
cmd-roll = ロール
    .desc = ダイスを振る：2d6+3、4d6kh3、1d20!、10d10>=8 … ラベルも付けられる
# expr: Dice expression, e.g. 2d6+3 fireball
cmd-roll--expr = 式
    .desc = ダイス式。例：2d6+3 火球
# visibility: Who sees the result (default public)
cmd-roll--visibility = 公開範囲
    .desc = 結果を見る人（既定は公開）
cmd-roll--visibility--public = 公開
cmd-roll--visibility--gm = GM
cmd-roll--visibility--blind = ブラインド
cmd-roll--visibility--self = 自分のみ
# target: Succeed on this total or more (shows the odds first)
cmd-roll--target = 目標値
    .desc = 合計がこの値以上で成功（先に確率を表示）

# /game: The game in this channel
cmd-game = ゲーム
    .desc = このチャンネルのゲーム
# /game status: Show the game in this channel
cmd-game-status = 状況
    .desc = このチャンネルのゲームを表示

# /game log: Recent actions and rolls
cmd-game-log = ログ
    .desc = 最近の行動とロール
# count: How many entries (default 15)
cmd-game-log--count = 件数
    .desc = 件数（既定15）

# /game undo: Undo the last action (host or channel manager)
cmd-game-undo = 取り消し
    .desc = 最後の行動を取り消す（ホストかチャンネル管理者）

# /game end: End the game in this channel (host or channel manager)
cmd-game-end = 終了
    .desc = このチャンネルのゲームを終える（ホストかチャンネル管理者）
# confirm: Yes, end it
cmd-game-end--confirm = 確認
    .desc = はい、終える

# /game host: Hand the game to another player: they host it (host or channel manager)
cmd-game-host = ホスト
    .desc = ゲームを他のプレイヤーに渡しホストにする（ホストかチャンネル管理者）
# user: The new host
cmd-game-host--user = ユーザー
    .desc = 新しいホスト

# /game reveal: Reveal a hidden roll to everyone (GM)
cmd-game-reveal = 公開
    .desc = 隠したロールを全員に公開する（GM）
# id: Log entry number of the roll
cmd-game-reveal--id = 番号
    .desc = ロールのログ番号

# /game check: Which permissions Croupier has in this channel, and what each is for
cmd-game-check = チェック
    .desc = このチャンネルでのCroupierの権限と、その用途

# /game language: The language Croupier answers in: this channel's, and your own
cmd-game-language = 言語
    .desc = Croupierが答える言語：このチャンネルのものと、あなた自身のもの
# channel: What the channel reads (host or channel manager)
cmd-game-language--channel = チャンネル
    .desc = チャンネルが読む言語（ホストかチャンネル管理者）
cmd-game-language--channel--en = 英語
cmd-game-language--channel--ja = 日本語
cmd-game-language--channel--server = サーバーの言語
# me: What only you read: your private replies and DMs
cmd-game-language--me = 自分
    .desc = あなただけが読むもの：自分だけへの返答とDM
cmd-game-language--me--en = 英語
cmd-game-language--me--ja = 日本語
cmd-game-language--me--discord = Discordの言語


# /help: What Croupier can do
cmd-help = ヘルプ
    .desc = Croupierにできること
# command: One command in full, e.g. nobi act
cmd-help--command = コマンド
    .desc = コマンドを1つ完全に。例：nobi act

# /dice: The built-in dice table: highest total wins
cmd-dice = ダイス
    .desc = 組み込みのダイス卓：合計が最も高い人の勝ち
# /dice new: Open a dice table in this channel (you host)
cmd-dice-new = 新規
    .desc = このチャンネルでダイス卓を開く（あなたがホスト）
# expr: What each turn rolls (default 1d20)
cmd-dice-new--expr = 式
    .desc = 各手番で振るもの（既定1d20）
# rounds: How many rounds (default 1)
cmd-dice-new--rounds = ラウンド数
    .desc = ラウンド数（既定1）

# /dice join: Take a seat
cmd-dice-join = 参加
    .desc = 席に着く

# /dice leave: Leave before the start
cmd-dice-leave = 離脱
    .desc = 開始前に抜ける

# /dice start: Start rolling (host)
cmd-dice-start = 開始
    .desc = ロールを始める（ホスト）

# /dice roll: Roll on your turn
cmd-dice-roll = ロール
    .desc = 自分の手番で振る


# /nobi: Nobi Nobi Sword: a tiny fantasy RPG where everyone takes turns as GM
cmd-nobi = のびのび
    .desc = のびのびソード：全員が交代でGMをする小さなファンタジーRPG
# /nobi new: Open a Nobi Nobi Sword table here (you host)
cmd-nobi-new = 新規
    .desc = ここでのびのびソードの卓を開く（あなたがホスト）
# remind_after: Hours before a waiting player is reminded (default 24, 0 = off)
cmd-nobi-new--remind_after = 催促時間
    .desc = 待っているプレイヤーに催促するまでの時間（既定24、0＝しない）

# /nobi join: Take a seat with a character (none given: a free one at random)
cmd-nobi-join = 参加
    .desc = キャラクターを連れて席に着く（なし：空きからランダム）
# character: Your character
cmd-nobi-join--character = キャラクター
    .desc = あなたのキャラクター
# support: Support character (two-player games)
cmd-nobi-join--support = サポート
    .desc = サポートキャラクター（2人用）

# /nobi leave: Leave the table before the adventure begins
cmd-nobi-leave = 離脱
    .desc = 冒険の開始前に卓を離れる

# /nobi begin: Begin the adventure (host); the player count decides the mode
cmd-nobi-begin = 開始
    .desc = 冒険を始める（ホスト）。人数で方式が決まる
# gm: The first GM (default: random)
cmd-nobi-begin--gm = gm
    .desc = 最初のGM（既定：ランダム）

# /nobi scene: Draw the next Scene card (GM)
cmd-nobi-scene = シーン
    .desc = 次のシーンカードを引く（GM）

# /nobi use: Announce an Ability before the roll
cmd-nobi-use = 使用
    .desc = ロールの前に能力を宣言する
# ability: Ability name
cmd-nobi-use--ability = 能力
    .desc = 能力名

# /nobi difficulty: Change the Difficulty of the current check: lower or raise it (GM)
cmd-nobi-difficulty = 難易度
    .desc = 現在のチェックの難易度を上げ下げする（GM）
# value: New Difficulty
cmd-nobi-difficulty--value = 値
    .desc = 新しい難易度

# /nobi roll: Roll the check: 2 dice + skill (Main Character / final tester)
cmd-nobi-roll = ロール
    .desc = チェックを振る：2ダイス＋技能（主人公／最終試練者）

# /nobi act: Say what your character does
cmd-nobi-act = 行動
    .desc = キャラクターの行動を述べる
# text: What you do
cmd-nobi-act--text = テキスト
    .desc = あなたがすること

# /nobi verdict: Decide the Role-play challenge or the check (GM)
cmd-nobi-verdict = 判定結果
    .desc = ロールプレイの挑戦かチェックを裁定する（GM）
# result: Success or failure
cmd-nobi-verdict--result = 結果
    .desc = 成功か失敗
cmd-nobi-verdict--result--success = 成功
cmd-nobi-verdict--result--failure = 失敗

# /nobi narrate: Narrate the story (GM; anyone in the Epilogue)
cmd-nobi-narrate = 語る
    .desc = 物語を語る（GM。エピローグでは誰でも）
# text: The narration
cmd-nobi-narrate--text = テキスト
    .desc = 語り

# /nobi inspire: Roll on the Objects or Opponents table
cmd-nobi-inspire = 鼓舞
    .desc = 物体表か対戦相手表を振る
# table: Which table
cmd-nobi-inspire--table = 表
    .desc = どの表か
cmd-nobi-inspire--table--objects = 物体表
cmd-nobi-inspire--table--opponents = 対戦相手表

# /nobi redraw: Epilogue: draw another Epilogue card
cmd-nobi-redraw = 引き直し
    .desc = エピローグ：エピローグカードをもう1枚引く

# /nobi finish: Solo Epilogue: close the adventure once its ending is written
cmd-nobi-finish = 完成
    .desc = ソロのエピローグ：結末を書いたら冒険を閉じる

# /nobi npc: Epilogue: an NPC from a Light or Darkness card joins
cmd-nobi-npc = npc
    .desc = エピローグ：光か闇のカードのNPCが加わる
# card: The card that brings the NPC
cmd-nobi-npc--card = カード
    .desc = NPCを呼ぶカード

# /nobi tester: Epilogue: choose who takes the final test
cmd-nobi-tester = 判定者
    .desc = エピローグ：最終試練を受ける人を選ぶ
# player: The player
cmd-nobi-tester--player = プレイヤー
    .desc = プレイヤー

# /nobi status: Whose turn, characters, Light and Darkness cards
cmd-nobi-status = 状況
    .desc = 手番、キャラクター、光と闇のカード

# /nobi story: Post the adventure so far as a Markdown file
cmd-nobi-story = 物語
    .desc = ここまでの冒険をMarkdownファイルで投稿

# /nobi settings: Table settings (host)
cmd-nobi-settings = 卓設定
    .desc = 卓の設定（ホスト）
# remind_after: Hours before a waiting player is reminded (0 = off)
cmd-nobi-settings--remind_after = 催促時間
    .desc = 待っているプレイヤーに催促するまでの時間（0＝しない）
# limit: One Ability per Scene per character (default) or per player
cmd-nobi-settings--limit = 上限
    .desc = 能力はシーンごとにキャラクター1回（既定）かプレイヤー1回
cmd-nobi-settings--limit--character = キャラクター
cmd-nobi-settings--limit--player = プレイヤー


# /nw: Night Wizard 3rd Edition: characters, Judges and Prana
cmd-nw = ナイトウィザード
    .desc = ナイトウィザード3rd：キャラクター、判定、プラーナ
# /nw new: Open a Night Wizard session in this channel (you are the GM)
cmd-nw-new = 新規
    .desc = このチャンネルでナイトウィザードのセッションを開く（あなたがGM）
# raise: Raise Result per Prana: 2d (rulebook, default) or 1d (BCDice)
cmd-nw-new--raise = 上昇
    .desc = プラーナ1点ごとの達成値上昇：2d（ルールブック、既定）か1d（BCDice）
cmd-nw-new--raise--2d = 2d
cmd-nw-new--raise--1d = 1d
# fudge_repeat: Allow several Fudge Dice on one roll (default no)
cmd-nw-new--fudge_repeat = フダ重ね
    .desc = 1回のロールに複数のフダを許す（既定はいいえ）

# /nw character: Make and manage your characters
cmd-nw-character = キャラクター
    .desc = キャラクターの作成と管理
# /nw character new: Make a character step by step (or quick:true for a random legal one)
cmd-nw-character-new = 新規
    .desc = キャラクターを段階的に作る（quick:trueでランダムに）
# name: The character's name
cmd-nw-character-new--name = 名前
    .desc = キャラクターの名前
# quick: Build a legal random character in one step
cmd-nw-character-new--quick = 即作成
    .desc = ルールに沿ったランダムなキャラクターを一度に作る
# cl: Starting Class Level the GM set (default 1): take the extra level ups after creation
cmd-nw-character-new--cl = cl
    .desc = GMが決めた開始CL（既定1）：作成後に追加の成長をする

# /nw character choose: Make the current creation step's choice
cmd-nw-character-choose = 選ぶ
    .desc = 今の作成段階の選択をする
# value: Class, element, attribute, skill or item
cmd-nw-character-choose--value = 値
    .desc = クラス、属性、能力値、スキル、アイテム

# /nw character done: Finish creation (after buying items)
cmd-nw-character-done = 完了
    .desc = 作成を終える（アイテム購入の後）

# /nw character cancel: Stop making a character
cmd-nw-character-cancel = 中止
    .desc = キャラクター作成をやめる

# /nw character list: Your characters
cmd-nw-character-list = 一覧
    .desc = あなたのキャラクター一覧

# /nw character delete: Delete a character
cmd-nw-character-delete = 削除
    .desc = キャラクターを削除
# name: Its name
cmd-nw-character-delete--name = 名前
    .desc = その名前

# /nw character export: Export a character as JSON
cmd-nw-character-export = 書き出し
    .desc = キャラクターをJSONで書き出す
# character: Which of your characters (default: your only one)
cmd-nw-character-export--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character import: Import a character from JSON
cmd-nw-character-import = 読み込み
    .desc = JSONからキャラクターを読み込む
# json: The exported JSON
cmd-nw-character-import--json = json
    .desc = 書き出したJSON

# /nw character equip: Equip an item from the Inventory
cmd-nw-character-equip = 装備
    .desc = 所持品からアイテムを装備
# item: Item
cmd-nw-character-equip--item = アイテム
    .desc = アイテム
# character: Which of your characters (default: your only one)
cmd-nw-character-equip--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character unequip: Put an item into the Lunar Robe
cmd-nw-character-unequip = 装備解除
    .desc = アイテムを月衣にしまう
# item: Item
cmd-nw-character-unequip--item = アイテム
    .desc = アイテム
# character: Which of your characters (default: your only one)
cmd-nw-character-unequip--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character note: Set the character's notes
cmd-nw-character-note = メモ
    .desc = キャラクターのメモを設定
# text: Notes (empty clears)
cmd-nw-character-note--text = テキスト
    .desc = メモ（空で消去）
# character: Which of your characters (default: your only one)
cmd-nw-character-note--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character connect: Add (or remove, if present) a Connection
cmd-nw-character-connect = コネ
    .desc = コネを追加（あれば削除）
# with: Who
cmd-nw-character-connect--with = 相手
    .desc = 誰
# character: Which of your characters (default: your only one)
cmd-nw-character-connect--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character levelup: Level up: CL +1 and a new skill, or a class change
cmd-nw-character-levelup = レベルアップ
    .desc = 成長：CL+1と新スキル、またはクラスチェンジ
# character: Which of your characters (default: your only one)
cmd-nw-character-levelup--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）
# skill: The new skill (or the Auto skill to gain on a class change)
cmd-nw-character-levelup--skill = スキル
    .desc = 新しいスキル（クラスチェンジで得るオートスキル）
# slot: Class change: which class (1 or 2)
cmd-nw-character-levelup--slot = 部位
    .desc = クラスチェンジ：どちらのクラスか（1か2）
# class: Class change: the new class
cmd-nw-character-levelup--class = クラス
    .desc = クラスチェンジ：新しいクラス

# /nw character bp: Spend Bonus Points on a combat stat
cmd-nw-character-bp = ボーナス
    .desc = ボーナスポイントを戦闘値に使う
# stat: pacc, eva, macc, spd (group 1) or patk, matk, pdef, mdef (group 2)
cmd-nw-character-bp--stat = 能力値
    .desc = pacc、eva、macc、spd（グループ1）か patk、matk、pdef、mdef（グループ2）
# points: How many (default 1)
cmd-nw-character-bp--points = 点数
    .desc = 数（既定1）
# character: Which of your characters (default: your only one)
cmd-nw-character-bp--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）

# /nw character op: Spend OP: a General skill (5 OP) or a preserved item (1 OP = 200k)
cmd-nw-character-op = op
    .desc = 成長点を使う：一般スキル（5点）か常備化アイテム（1点＝200,000ヴァルコ）
# skill: General skill to learn
cmd-nw-character-op--skill = スキル
    .desc = 習得する一般スキル
# buy: Item to preserve
cmd-nw-character-op--buy = 購入
    .desc = 保存するアイテム
# character: Which of your characters (default: your only one)
cmd-nw-character-op--character = キャラクター
    .desc = あなたのどのキャラクターか（既定：唯一のもの）


# /nw sheet: Show your character sheet (only to you)
cmd-nw-sheet = シート
    .desc = キャラクターシートを表示（あなたにだけ）
# character: Which character
cmd-nw-sheet--character = キャラクター
    .desc = どのキャラクターか
# player: Another player's character
cmd-nw-sheet--player = プレイヤー
    .desc = 他のプレイヤーのキャラクター

# /nw session: Join the session and set Critical/Fumble values
cmd-nw-session = セッション
    .desc = セッションに参加し、クリティカル値/ファンブル値を決める
# /nw session join: Bring a character (again to refresh its sheet)
cmd-nw-session-join = 参加
    .desc = キャラクターを連れてくる（再実行でシートを更新）
# character: Which character
cmd-nw-session-join--character = キャラクター
    .desc = どのキャラクターか

# /nw session leave: Take your character out
cmd-nw-session-leave = 離脱
    .desc = キャラクターを外す

# /nw session cf: Spend a CF Mod point: move Critical or Fumble by 1
cmd-nw-session-cf = cf
    .desc = クリティカル・ファンブル修正を1点使う：クリティカル値かファンブル値を1動かす
# value: critical or fumble
cmd-nw-session-cf--value = 値
    .desc = critical（クリティカル）かfumble（ファンブル）
cmd-nw-session-cf--value--critical = クリティカル
cmd-nw-session-cf--value--fumble = ファンブル
# by: +1 or -1
cmd-nw-session-cf--by = 変化
    .desc = +1 か -1
cmd-nw-session-cf--by--p1 = +1
cmd-nw-session-cf--by--m1 = -1

# /nw session lock: Lock your Critical/Fumble values
cmd-nw-session-lock = 固定
    .desc = クリティカル値/ファンブル値を確定する

# /nw session next: A new real-life session: everyone rerolls Critical/Fumble (GM)
cmd-nw-session-next = 次へ
    .desc = 現実の新しいセッション：全員がクリティカル値/ファンブル値を振り直す（GM）

# /nw session set: Set a PC's HP/MP/bad status (GM)
cmd-nw-session-set = 設定
    .desc = PCのHP/MP/バッドステータスを設定（GM）
# player: Whose PC
cmd-nw-session-set--player = プレイヤー
    .desc = 誰のPCか
# hp: Current HP
cmd-nw-session-set--hp = hp
    .desc = 現在HP
# mp: Current MP
cmd-nw-session-set--mp = mp
    .desc = 現在MP
# status: Add a bad status, e.g. dazed or poison:3; `clear` clears
cmd-nw-session-set--status = 状況
    .desc = バッドステータスを追加。例：dazed、poison:3。`clear`で全解除


# /nw phase: Episode phases (GM)
cmd-nw-phase = フェイズ
    .desc = エピソードのフェイズ（GM）
# /nw phase next: Go to the next phase (the After phase resets PCs and grants OP)
cmd-nw-phase-next = 次へ
    .desc = 次のフェイズへ（アフターフェイズでPCを戻し成長点を与える）
# op: OP each PC gets in the After phase (default 5; the rulebook awards 5–10)
cmd-nw-phase-next--op = op
    .desc = アフターフェイズで各PCが得る成長点（既定5。ルールブックでは5〜10）
# levelup: After phase: allow the level up (default true; false withholds it this time)
cmd-nw-phase-next--levelup = レベルアップ
    .desc = アフターフェイズ：成長を認める（既定true。falseで今回は保留）

# /nw phase scene: Start a new Scene (GM): normal, master (narration) or combat
cmd-nw-phase-scene = シーン
    .desc = 新しいシーンを始める（GM）：通常、マスター（語り）、戦闘
# kind: normal (default), master (GM narration only) or combat
cmd-nw-phase-scene--kind = 種類
    .desc = normal（通常、既定）、master（GMの語りのみ）、combat（戦闘）
cmd-nw-phase-scene--kind--normal = 通常
cmd-nw-phase-scene--kind--master = マスター
cmd-nw-phase-scene--kind--combat = 戦闘

# /nw phase handout: The Episode Handout's Trailer (GM)
cmd-nw-phase-handout = ハンドアウト
    .desc = エピソードのハンドアウトのトレーラー（GM）
# trailer: The Trailer: the Episode's summary
cmd-nw-phase-handout--trailer = トレーラー
    .desc = トレーラー：エピソードのあらすじ

# /nw phase connection: Give a PC an Episode Connection, or a Connection's Worth (GM; again removes it)
cmd-nw-phase-connection = コネ追加
    .desc = PCにエピソードのコネかコネの価値を与える（GM。再実行で取り消し）
# player: Whose PC
cmd-nw-phase-connection--player = プレイヤー
    .desc = 誰のPCか
# with: To whom
cmd-nw-phase-connection--with = 相手
    .desc = 誰へ
# worth: Worth: valco the NPC may spend on gear (default 0)
cmd-nw-phase-connection--worth = 価値
    .desc = 価値：NPCが装備に使えるヴァルコ（既定0）

# /nw phase gear: A Connection supplies gear from its Worth (GM; not Preserved)
cmd-nw-phase-gear = 装備調達
    .desc = コネがその価値で装備を調達する（GM。保存されない）
# player: Whose PC
cmd-nw-phase-gear--player = プレイヤー
    .desc = 誰のPCか
# with: The Connection
cmd-nw-phase-gear--with = 相手
    .desc = コネ
# item: The item (id or name)
cmd-nw-phase-gear--item = アイテム
    .desc = アイテム（番号か名前）


# /nw judge: Roll a Judge: 2D + Alter against a Difficulty
cmd-nw-judge = 判定
    .desc = 判定を振る：2D＋基本値を難易度と比べる
# stat: Attribute or combat stat (none: modifier only)
cmd-nw-judge--stat = 能力値
    .desc = 能力値か戦闘値（なし：修正のみ）
# difficulty: Difficulty to reach
cmd-nw-judge--difficulty = 難易度
    .desc = 達成すべき難易度
# modifier: Extra modifier
cmd-nw-judge--modifier = 修正
    .desc = 追加の修正
# against: Opposed: the other side's Result
cmd-nw-judge--against = 対抗値
    .desc = 対抗：相手側の達成値
# attacker: Opposed: you started the roll (win ties)
cmd-nw-judge--attacker = 攻撃者
    .desc = 対抗：あなたが仕掛けた側（同値なら勝ち）
# recovery: A Recovery Judge (may go below 0)
cmd-nw-judge--recovery = 回復
    .desc = 回復判定（0未満にもなる）
# anyseven: Any Seven: dice count as 7 (players need the GM's leave)
cmd-nw-judge--anyseven = エニーセブン
    .desc = エニーセブン：ダイスを7とみなす（プレイヤーはGMの許可が必要）
# secret: Only you and the GM see it (GM: only the GM)
cmd-nw-judge--secret = 秘密
    .desc = あなたとGMだけが見る（GM：GMのみ）
# label: What the Judge is for
cmd-nw-judge--label = ラベル
    .desc = 判定の目的
# preview: Only show the chance of success, with a Roll button
cmd-nw-judge--preview = 下見
    .desc = 成功確率だけを示し、ロールボタンを付ける
# reaction: A Reaction, e.g. a Dodge Check (−5 under Paralysis)
cmd-nw-judge--reaction = 反応段階
    .desc = リアクション。例：回避判定（麻痺中は−5）
# critical: Critical values a skill adds for this roll, e.g. 7,10
cmd-nw-judge--critical = クリティカル値
    .desc = スキルがこのロールに加えるクリティカル値。例：7,10
# fumble: Fumble values a skill adds for this roll, e.g. 2,5
cmd-nw-judge--fumble = ファンブル値
    .desc = スキルがこのロールに加えるファンブル値。例：2,5
# info: An Information Gathering Check (an Attribute only)
cmd-nw-judge--info = 情報
    .desc = 情報収集判定（能力値のみ）
# connection: Information Gathering: the Connection you ask (+2)
cmd-nw-judge--connection = コネ追加
    .desc = 情報収集：頼るコネ（+2）

# /nw prana: Spend Prana
cmd-nw-prana = プラーナ
    .desc = プラーナを使う
# use: What for
cmd-nw-prana--use = 使用
    .desc = 何のために
cmd-nw-prana--use--reroll = 振り直す
cmd-nw-prana--use--cancel = 中止
cmd-nw-prana--use--fudge_up = フダ上げ
cmd-nw-prana--use--fudge_down = フダ下げ
cmd-nw-prana--use--raise = 上昇
cmd-nw-prana--use--accept = 受け入れる
cmd-nw-prana--use--cost = コスト
cmd-nw-prana--use--avoid = 回避
cmd-nw-prana--use--logic = 法則
# amount: Prana for raise or cost (default 1)
cmd-nw-prana--amount = 量
    .desc = 上昇かコストに使うプラーナ（既定1）
# logic: Which Lunar Logic to ignore
cmd-nw-prana--logic = 法則
    .desc = 無視する月匣の法則

# /nw settings: Table settings (GM)
cmd-nw-settings = 卓設定
    .desc = 卓の設定（GM）
# raise: Raise Result per Prana: 2d or 1d
cmd-nw-settings--raise = 上昇
    .desc = プラーナ1点ごとの達成値上昇：2dか1d
cmd-nw-settings--raise--2d = 2d
cmd-nw-settings--raise--1d = 1d
# fudge_repeat: Allow several Fudge Dice on one roll
cmd-nw-settings--fudge_repeat = フダ重ね
    .desc = 1回のロールに複数のフダを許す
# anyseven_players: Players may use Any Seven
cmd-nw-settings--anyseven_players = エニーセブン許可
    .desc = プレイヤーもエニーセブンを使える
# appearance: Optional rule: latecomers make Appearance Checks (default off)
cmd-nw-settings--appearance = 登場判定
    .desc = 選択ルール：遅れて来た者は登場判定をする（既定はオフ）
# appearance_dc: Appearance Check Difficulty (default 10)
cmd-nw-settings--appearance_dc = 登場難易度
    .desc = 登場判定の難易度（既定10）
# natural_recovery: Natural healing: Str-5 (default) or Str/5, max 3
cmd-nw-settings--natural_recovery = 自然回復
    .desc = 自然回復：筋力-5（既定）か筋力/5、最大3
cmd-nw-settings--natural_recovery--strm5 = 筋力-5
cmd-nw-settings--natural_recovery--strs5 = 筋力/5
# map_kinds: Players' Fortress map names every Area's kind (default: only entered Areas)
cmd-nw-settings--map_kinds = 地図種類
    .desc = プレイヤーのフォートレス地図に全エリアの種類を出す（既定：入ったエリアのみ）
# enemy_vitals: Show enemies' exact HP and MP on the public tracker (default: a condition only)
cmd-nw-settings--enemy_vitals = 敵hp公開
    .desc = 公開トラッカーに敵の正確なHPとMPを出す（既定：状態のみ）
# max_cl: Highest CL a character may join at (default 0: any)
cmd-nw-settings--max_cl = 最大cl
    .desc = 参加できるキャラクターの最大CL（既定0：制限なし）

# /nw rules: Difficulties, bad statuses, Critical/Fumble (reference)
cmd-nw-rules = ルール
    .desc = 難易度、バッドステータス、クリティカル/ファンブル（早見表）

# /nw skill: Skills: list, show, add your own
cmd-nw-skill = スキル
    .desc = スキル：一覧、表示、独自の追加
# /nw skill list: List skills
cmd-nw-skill-list = 一覧
    .desc = スキルの一覧
# class: Only this class (or general)
cmd-nw-skill-list--class = クラス
    .desc = このクラス（か一般）のみ

# /nw skill show: Show a skill
cmd-nw-skill-show = 表示
    .desc = スキルを表示
# name: Skill
cmd-nw-skill-show--name = 名前
    .desc = スキル

# /nw skill add: Add a skill for this server
cmd-nw-skill-add = 追加
    .desc = このサーバーにスキルを追加
# name: Name
cmd-nw-skill-add--name = 名前
    .desc = 名前
# class: Class (default: general)
cmd-nw-skill-add--class = クラス
    .desc = クラス（既定：一般）
# category: auto, secret, trait, spell, broom, item or empty
cmd-nw-skill-add--category = 分類
    .desc = auto、secret、trait、spell、broom、item、空
# acquire_cl: Least CL (default 1)
cmd-nw-skill-add--acquire_cl = 取得cl
    .desc = 最小CL（既定1）
# max_sl: Highest SL (default 1)
cmd-nw-skill-add--max_sl = 最大sl
    .desc = 最大SL（既定1）
# timing: Timing, e.g. Major Action, Constant
cmd-nw-skill-add--timing = タイミング
    .desc = タイミング。例：メジャーアクション、常時
# check: Check, e.g. Automatic, Hit Check
cmd-nw-skill-add--check = チェック
    .desc = 判定。例：自動、命中判定
# target: Target, e.g. Self, Single, Area
cmd-nw-skill-add--target = 目標値
    .desc = 対象。例：自身、単体、範囲
# range: Range, e.g. Close, Short
cmd-nw-skill-add--range = 射程
    .desc = 射程。例：至近、近距離
# cost: Cost, e.g. MP 4
cmd-nw-skill-add--cost = コスト
    .desc = コスト。例：MP 4
# restrict: Restrict, e.g. Broom Equip
cmd-nw-skill-add--restrict = 制限
    .desc = 制限。例：箒装備
# effect: Effect text
cmd-nw-skill-add--effect = 効果
    .desc = 効果のテキスト
# mods: Constant stat changes per SL, e.g. eva=1 pdef=1
cmd-nw-skill-add--mods = 修正値
    .desc = SLごとの常時能力変化。例：eva=1 pdef=1


# /nw item: Items: list, add your own
cmd-nw-item = アイテム
    .desc = アイテム：一覧、独自の追加
# /nw item list: List items
cmd-nw-item-list = 一覧
    .desc = アイテムの一覧

# /nw item add: Add an item for this server
cmd-nw-item-add = 追加
    .desc = このサーバーにアイテムを追加
# name: Name
cmd-nw-item-add--name = 名前
    .desc = 名前
# kind: weapon, armor, accessory, enchantment, broom, tool, potion
cmd-nw-item-add--kind = 種類
    .desc = weapon、armor、accessory、enchantment、broom、tool、potion
# slot: one_hand, two_hand, head, upper, clothes, shoulder, gloves, accessory, none
cmd-nw-item-add--slot = 部位
    .desc = one_hand、two_hand、head、upper、clothes、shoulder、gloves、accessory、none
# weight: Weight
cmd-nw-item-add--weight = 重量
    .desc = 重量
# memory: Memory (enchantments)
cmd-nw-item-add--memory = 記憶
    .desc = 記憶（エンチャント）
# price: Price in valco
cmd-nw-item-add--price = 価格
    .desc = 価格（ヴァルコ）
# range: Range
cmd-nw-item-add--range = 射程
    .desc = 射程
# mods: Modifiers, e.g. pacc=1 patk=4
cmd-nw-item-add--mods = 修正値
    .desc = 修正値。例：pacc=1 patk=4
# effect: Effect text
cmd-nw-item-add--effect = 効果
    .desc = 効果のテキスト


# /nw rest: Natural recovery for the PCs (GM)
cmd-nw-rest = 休息
    .desc = PCの自然回復（GM）
# mode: full (restored), tense (Recovery Judges) or absent (Recovery 0)
cmd-nw-rest--mode = 方式
    .desc = full（全快）、tense（回復判定）、absent（回復0）
cmd-nw-rest--mode--full = 全快
cmd-nw-rest--mode--tense = 緊張
cmd-nw-rest--mode--absent = 不在
# player: One PC (default: every PC)
cmd-nw-rest--player = プレイヤー
    .desc = PC1人（既定：全PC）

# /nw ask: Ask a player for a Judge with a Difficulty (GM)
cmd-nw-ask = 判定要求
    .desc = プレイヤーに難易度付きの判定を求める（GM）
# player: Who rolls (must have a PC here)
cmd-nw-ask--player = プレイヤー
    .desc = 誰が振るか（ここにPCがいること）
# stat: Attribute or combat stat (none: no Alter)
cmd-nw-ask--stat = 能力値
    .desc = 能力値か戦闘値（なし：基本値なし）
# difficulty: Difficulty to reach
cmd-nw-ask--difficulty = 難易度
    .desc = 達成すべき難易度
# label: What the Judge is for
cmd-nw-ask--label = ラベル
    .desc = 判定の目的
# hidden: Keep the Difficulty from the player (only you see it)
cmd-nw-ask--hidden = 隠す
    .desc = 難易度をプレイヤーに伏せる（あなただけが見る）
# cancel: Withdraw the ask with this number
cmd-nw-ask--cancel = 中止
    .desc = この番号の判定要求を取り下げる

# /nw answer: Roll the Judge the GM asked you for
cmd-nw-answer = 回答
    .desc = GMに求められた判定を振る
# id: The ask's number
cmd-nw-answer--id = 番号
    .desc = 判定要求の番号


# /nwcombat: Night Wizard combat: rounds, moves, attacks, skills
cmd-nwcombat = nw戦闘
    .desc = ナイトウィザードの戦闘：ラウンド、移動、攻撃、スキル
# /nwcombat start: Start combat: every PC and every enemy on the table (GM)
cmd-nwcombat-start = 開始
    .desc = 戦闘開始：卓の全PCと全ての敵（GM）
# anyseven: Enemies' Count = SPD + 7 (Any Seven)
cmd-nwcombat-start--anyseven = エニーセブン
    .desc = 敵の手番値＝行動値＋7（エニーセブン）

# /nwcombat end: End combat (GM)
cmd-nwcombat-end = 終了
    .desc = 戦闘を終える（GM）

# /nwcombat engage: Put two combatants in one Engage (GM)
cmd-nwcombat-engage = エンゲージ
    .desc = 2人の戦闘参加者を同じエンゲージに置く（GM）
# a: PC name or enemy label
cmd-nwcombat-engage--a = a
    .desc = PC名か敵のラベル
# b: PC name or enemy label
cmd-nwcombat-engage--b = b
    .desc = PC名か敵のラベル

# /nwcombat go: Take the tied Main Process
cmd-nwcombat-go = 手番
    .desc = 同値のメインプロセスを取る
# who: GM: which enemy
cmd-nwcombat-go--who = 誰
    .desc = GM：どの敵か

# /nwcombat invade: Move Action: engage a target
cmd-nwcombat-invade = 侵入
    .desc = ムーブアクション：対象とエンゲージ
# target: PC name or enemy label
cmd-nwcombat-invade--target = 目標値
    .desc = PC名か敵のラベル

# /nwcombat withdraw: Move Action (+ Minor if an enemy is there): leave your Engage
cmd-nwcombat-withdraw = 取り下げ
    .desc = ムーブアクション（敵がいればマイナーも）：エンゲージを離脱

# /nwcombat minor: Minor Action (clears Pressure)
cmd-nwcombat-minor = マイナー
    .desc = マイナーアクション（重圧を解除）

# /nwcombat blockade: An enemy blockades (or stops) its Engage (GM)
cmd-nwcombat-blockade = 封鎖
    .desc = 敵がエンゲージを封鎖する（または解く）（GM）
# enemy: Enemy label
cmd-nwcombat-blockade--enemy = 敵
    .desc = 敵のラベル

# /nwcombat attack: Major Action: attack
cmd-nwcombat-attack = 攻撃
    .desc = メジャーアクション：攻撃
# target: PC name or enemy label
cmd-nwcombat-attack--target = 目標値
    .desc = PC名か敵のラベル
# magic: Magical attack (MACC, MATK vs MDEF)
cmd-nwcombat-attack--magic = 魔法
    .desc = 魔法攻撃（魔導・魔攻対魔防）
# targets: Several targets, comma-separated: one Hit Check, each dodges
cmd-nwcombat-attack--targets = 複数対象
    .desc = 複数の対象（カンマ区切り）：命中判定1回、各自が回避
# area: Area: every combatant in the target's Engage
cmd-nwcombat-attack--area = エリア
    .desc = 範囲：対象のエンゲージにいる全員
# fullhit: Full Hit (a skill effect): hits whatever the dice say
cmd-nwcombat-attack--fullhit = 全力命中
    .desc = 必中（スキル効果）：出目にかかわらず命中
# with: The weapon you attack with, when you hold two (default: the best that reaches)
cmd-nwcombat-attack--with = 武器
    .desc = 攻撃に使う武器（二つ持つとき。既定：届くもののうち最良）

# /nwcombat dodge: Defender: roll the Dodge Check
cmd-nwcombat-dodge = 回避
    .desc = 防御側：回避判定を振る
# who: Which Defender (your PC; GM: an NPC)
cmd-nwcombat-dodge--who = 誰
    .desc = どの防御側か（あなたのPC。GM：NPC）
# full: Full Dodge (a skill effect): dodges whatever the dice say
cmd-nwcombat-dodge--full = 全力回避
    .desc = 完全回避（スキル効果）：出目にかかわらず回避

# /nwcombat damage: Compare hit and dodge, roll damage
cmd-nwcombat-damage = ダメージ
    .desc = 命中と回避を比べ、ダメージを振る

# /nwcombat apply: Apply the HP Damage
cmd-nwcombat-apply = 適用
    .desc = HPダメージを適用する

# /nwcombat coverup: Take the attack for its target
cmd-nwcombat-coverup = カバーリング
    .desc = 対象の代わりに攻撃を受ける
# who: GM: which enemy
cmd-nwcombat-coverup--who = 誰
    .desc = GM：どの敵か
# for: Whom you Cover Up for (attacks with several Defenders)
cmd-nwcombat-coverup--for = 対象者
    .desc = カバーリングする相手（防御側が複数の攻撃）

# /nwcombat pass: End your Main Process
cmd-nwcombat-pass = パス
    .desc = メインプロセスを終える

# /nwcombat move: Move toward a spot (Move, Minor or Major Action); GM: steps sets a distance
cmd-nwcombat-move = 移動
    .desc = 地点へ移動（ムーブ・マイナー・メジャー）。GM：stepsで距離を決める
# to: Where: a spot, an object
cmd-nwcombat-move--to = 先
    .desc = どこへ：地点や物
# with: Spend: move (1), minor (1) or major (3, ends the Main Process)
cmd-nwcombat-move--with = 相手
    .desc = 消費：ムーブ（1）、マイナー（1）、メジャー（3、メインプロセス終了）
cmd-nwcombat-move--with--move = ムーブ
cmd-nwcombat-move--with--minor = マイナー
cmd-nwcombat-move--with--major = メジャー
# range: Ask the GM to move to Long (retreat) or Extreme range
cmd-nwcombat-move--range = 射程
    .desc = 遠距離（離脱）か極遠距離への移動をGMに求める
cmd-nwcombat-move--range--long = 遠距離
cmd-nwcombat-move--range--extreme = 極遠
# steps: GM: Move Actions this spot needs
cmd-nwcombat-move--steps = 歩数
    .desc = GM：この地点までに要るムーブアクション数

# /nwcombat fly: Lunar Robe flight: Minor Action, 1D MP (land:true lands, any time)
cmd-nwcombat-fly = 飛行
    .desc = 月衣で飛行：マイナーアクション、MP1D（land:trueでいつでも着地）
# land: Land (Auto Action)
cmd-nwcombat-fly--land = 着地
    .desc = 着地（オートアクション）
# who: GM: which enemy
cmd-nwcombat-fly--who = 誰
    .desc = GM：どの敵か

# /nwcombat appear: Appearance Check to join the fight (Setup Process, optional rule)
cmd-nwcombat-appear = 登場判定
    .desc = 戦闘に加わる登場判定（セットアッププロセス、選択ルール）

# /nwenemy identify: Enemy Identify Judge: Knowledge, a Major Action; success shows the party its data
cmd-nwenemy-identify = 識別
    .desc = エネミー識別判定：知力、メジャーアクション。成功でパーティにデータを公開
# target: The enemy
cmd-nwenemy-identify--target = 対象
    .desc = エネミー

# /nwcombat range: Put a combatant at Short, Long or Extreme range; approves a request (GM)
cmd-nwcombat-range = 射程
    .desc = 戦闘参加者を近距離・遠距離・極遠距離に置く。要求の承認（GM）
# who: PC name or enemy label
cmd-nwcombat-range--who = 誰
    .desc = PC名か敵のラベル
# band: short, long or extreme
cmd-nwcombat-range--band = 距離
    .desc = short（近距離）、long（遠距離）、extreme（極遠）
cmd-nwcombat-range--band--short = 近距離
cmd-nwcombat-range--band--long = 遠距離
cmd-nwcombat-range--band--extreme = 極遠

# /nwcombat heal: A Recovery Judge: 2D + Recovery healed (below 0: lost)
cmd-nwcombat-heal = 回復量
    .desc = 回復判定：2D＋回復値を回復（0未満なら失う）
# target: PC name or enemy label
cmd-nwcombat-heal--target = 目標値
    .desc = PC名か敵のラベル
# recovery: The Recovery value
cmd-nwcombat-heal--recovery = 回復
    .desc = 回復値
# mp: Heal MP instead of HP
cmd-nwcombat-heal--mp = mp
    .desc = HPの代わりにMPを回復
# who: GM: the enemy making the Judge
cmd-nwcombat-heal--who = 誰
    .desc = GM：判定する敵

# /nwcombat use: Use a skill or item (Timing, Cost and action checked)
cmd-nwcombat-use = 使用
    .desc = スキルかアイテムを使う（タイミング・コスト・行動を確認）
# skill: Skill name or id
cmd-nwcombat-use--skill = スキル
    .desc = スキルの名前か番号
# item: Item name or id
cmd-nwcombat-use--item = アイテム
    .desc = アイテムの名前か番号
# target: PC name or enemy label
cmd-nwcombat-use--target = 目標値
    .desc = PC名か敵のラベル
# who: GM: the enemy using it
cmd-nwcombat-use--who = 誰
    .desc = GM：使う敵
# with: An attack skill: the weapon it attacks with (default: one its Restrict allows)
cmd-nwcombat-use--with = 武器
    .desc = 攻撃スキルで使う武器（既定：制限に合うもの）

# /nwcombat skip: Setup/Cleanup step: use no (more) skills
cmd-nwcombat-skip = スキップ
    .desc = セットアップ/クリンナップ：スキルを（これ以上）使わない
# who: GM: for whom
cmd-nwcombat-skip--who = 誰
    .desc = GM：誰のために

# /nwcombat cure: End a bad status on a character (GM)
cmd-nwcombat-cure = 回復
    .desc = キャラクターのバッドステータスを解除（GM）
# target: PC name or enemy label
cmd-nwcombat-cure--target = 目標値
    .desc = PC名か敵のラベル
# status: e.g. poison, paralysis, or all
cmd-nwcombat-cure--status = 状況
    .desc = 例：poison（毒）、paralysis（麻痺）、all（全部）


# /nwenemy: Night Wizard enemies: data, spawning, reveals (GM); the Enemy Identify Judge
cmd-nwenemy = nw敵
    .desc = ナイトウィザードの敵：データ、配置、公開（GM）、エネミー識別判定
# /nwenemy list: List enemy data (GM)
cmd-nwenemy-list = 一覧
    .desc = 敵データの一覧（GM）

# /nwenemy spawn: Put an enemy from the data on the table (GM)
cmd-nwenemy-spawn = 配置
    .desc = データの敵を卓に出す（GM）
# name: Enemy name or id
cmd-nwenemy-spawn--name = 名前
    .desc = 敵の名前か番号
# as: Label (default: the name, numbered)
cmd-nwenemy-spawn--as = として
    .desc = ラベル（既定：名前に番号）
# hidden: Hidden from the players until revealed
cmd-nwenemy-spawn--hidden = 隠す
    .desc = 公開するまでプレイヤーに隠す
# hp: HP made on the spot (default: the data's)
cmd-nwenemy-spawn--hp = hp
    .desc = その場で決めるHP（既定：データの値）
# guest: A Guest built like a PC from a roster character (PCs' side)
cmd-nwenemy-spawn--guest = ゲスト
    .desc = 名簿のキャラクターからPCのように作るゲスト（PC側）
# incomplete: Incomplete enemy: attacks against it hit automatically
cmd-nwenemy-spawn--incomplete = 不完全
    .desc = 不完全な敵：その敵への攻撃は自動命中

# /nwenemy reveal: Reveal a hidden enemy (GM)
cmd-nwenemy-reveal = 公開
    .desc = 隠れた敵を公開する（GM）
# label: Its label
cmd-nwenemy-reveal--label = ラベル
    .desc = そのラベル

# /nwenemy set: Set an enemy's or a Guest's HP, MP or bad statuses (GM)
cmd-nwenemy-set = 設定
    .desc = 敵かゲストのHP・MP・バッドステータスを設定（GM）
# label: Its label
cmd-nwenemy-set--label = ラベル
    .desc = そのラベル
# hp: Current HP (at most its maximum)
cmd-nwenemy-set--hp = hp
    .desc = 現在HP（最大値まで）
# mp: Current MP
cmd-nwenemy-set--mp = mp
    .desc = 現在MP
# status: Add a bad status, e.g. dazed or poison:3; `clear` clears
cmd-nwenemy-set--status = 状況
    .desc = バッドステータスを追加。例：dazed、poison:3。`clear`で全解除

# /nwenemy remove: Take an enemy or a Guest off the table, outside a fight (GM)
cmd-nwenemy-remove = 除去
    .desc = 戦闘外で敵かゲストを卓から外す（GM）
# label: Its label
cmd-nwenemy-remove--label = ラベル
    .desc = そのラベル

# /nwenemy note: Add a note only the GM sees (GM)
cmd-nwenemy-note = メモ
    .desc = GMだけが見るメモを追加（GM）
# text: The note
cmd-nwenemy-note--text = テキスト
    .desc = メモ

# /nwenemy add: Add an enemy for this server (GM)
cmd-nwenemy-add = 追加
    .desc = このサーバーに敵を追加（GM）
# name: Name
cmd-nwenemy-add--name = 名前
    .desc = 名前
# kind: mob, guest, boss or extra
cmd-nwenemy-add--kind = 種類
    .desc = mob、guest、boss、extra
# hp: HP
cmd-nwenemy-add--hp = hp
    .desc = HP
# mp: MP
cmd-nwenemy-add--mp = mp
    .desc = MP
# pacc: PACC
cmd-nwenemy-add--pacc = 命中
    .desc = 命中
# eva: EVA
cmd-nwenemy-add--eva = 回避値
    .desc = 回避
# macc: MACC
cmd-nwenemy-add--macc = 魔導
    .desc = 魔導
# patk: PATK
cmd-nwenemy-add--patk = 攻撃力
    .desc = 攻撃力
# matk: MATK
cmd-nwenemy-add--matk = 魔攻
    .desc = 魔攻
# pdef: PDEF
cmd-nwenemy-add--pdef = 防御力
    .desc = 防御力
# mdef: MDEF
cmd-nwenemy-add--mdef = 魔防
    .desc = 魔防
# spd: SPD
cmd-nwenemy-add--spd = 行動値
    .desc = 行動値
# attack: Attack text
cmd-nwenemy-add--attack = 攻撃
    .desc = 攻撃のテキスト
# notes: Notes
cmd-nwenemy-add--notes = メモ欄
    .desc = メモ


# /nwfortress: Night Wizard Fortresses: Areas, Gates, the Dive, traps
cmd-nwfortress = nwフォートレス
    .desc = ナイトウィザードのフォートレス：エリア、ゲート、ダイブ、罠
# /nwfortress area: Add or change an Area (GM)
cmd-nwfortress-area = エリア
    .desc = エリアを追加・変更（GM）
# name: The Area's name
cmd-nwfortress-area--name = 名前
    .desc = エリアの名前
# kind: The Area's type
cmd-nwfortress-area--kind = 種類
    .desc = エリアの種類
cmd-nwfortress-area--kind--normal = 通常
cmd-nwfortress-area--kind--object = 物体
cmd-nwfortress-area--kind--trap = 罠
cmd-nwfortress-area--kind--event = イベント
cmd-nwfortress-area--kind--enemy = 敵
cmd-nwfortress-area--kind--core = コア
cmd-nwfortress-area--kind--entrance = 入口
# desc: What the party finds (read out on entering)
cmd-nwfortress-area--desc = 説明
    .desc = パーティが見つけるもの（入ったときに読み上げる）
# exit: Entrance: it serves as the exit
cmd-nwfortress-area--exit = 退出
    .desc = 入口：出口を兼ねる

# /nwfortress gate: Join two Areas with a Gate (GM)
cmd-nwfortress-gate = ゲート
    .desc = 2つのエリアをゲートでつなぐ（GM）
# from: From this Area
cmd-nwfortress-gate--from = 元
    .desc = このエリアから
# to: To this Area
cmd-nwfortress-gate--to = 先
    .desc = このエリアへ
# kind: The Gate's type (default normal)
cmd-nwfortress-gate--kind = 種類
    .desc = ゲートの種類（既定は通常）
cmd-nwfortress-gate--kind--normal = 通常
cmd-nwfortress-gate--kind--oneway = 一方通行
cmd-nwfortress-gate--kind--secret = 秘密
cmd-nwfortress-gate--kind--closed = 閉鎖
cmd-nwfortress-gate--kind--damaged = 損傷
# uses: Damaged Gate: uses before it breaks
cmd-nwfortress-gate--uses = 使用回数
    .desc = 損傷ゲート：壊れるまでの使用回数

# /nwfortress trap: Put (or reset) a trap in a Trap Area (GM)
cmd-nwfortress-trap = 罠
    .desc = 罠エリアに罠を置く（か再設定する）（GM）
# area: The Trap Area
cmd-nwfortress-trap--area = エリア
    .desc = 罠エリア
# detection: Detection Value (Awareness)
cmd-nwfortress-trap--detection = 感知値
    .desc = 感知値（知覚）
# removal: Removal Value (Finesse)
cmd-nwfortress-trap--removal = 解除値
    .desc = 解除値（器用）
# effect: What happens when it goes off
cmd-nwfortress-trap--effect = 効果
    .desc = 作動したときに起きること
# damage: HP damage dice when it goes off, e.g. 2d6
cmd-nwfortress-trap--damage = ダメージ
    .desc = 作動時のHPダメージのダイス。例：2d6

# /nwfortress dive: The party enters at the Entrance (GM)
cmd-nwfortress-dive = ダイブ
    .desc = パーティが入口から入る（GM）

# /nwfortress show: The Area Map and the party's position
cmd-nwfortress-show = 表示
    .desc = エリアマップとパーティの位置

# /nwfortress move: Move the party through a Gate
cmd-nwfortress-move = 移動
    .desc = パーティをゲートの先へ移動
# to: The next Area
cmd-nwfortress-move--to = 先
    .desc = 次のエリア

# /nwfortress appear: Appearance Check: join the party's Scene (Luck)
cmd-nwfortress-appear = 登場判定
    .desc = 登場判定：パーティのシーンに加わる（幸運）
# connection: A Connection to someone in the Scene (+3)
cmd-nwfortress-appear--connection = コネ追加
    .desc = シーンにいる誰かへのコネ（+3）

# /nwfortress identify: Trap Identification Judge (Awareness)
cmd-nwfortress-identify = 罠識別
    .desc = 罠識別判定（知覚）

# /nwfortress remove: Trap Removal Judge (Finesse)
cmd-nwfortress-remove = 除去
    .desc = 罠解除判定（器用）

# /nwfortress resolve: Settle your failed Fortress Judge (after any Prana)
cmd-nwfortress-resolve = 解決
    .desc = 失敗したフォートレス判定を確定する（プラーナの後）

# /nwfortress danger: Call a Danger Sense Judge (GM)
cmd-nwfortress-danger = 危険感知
    .desc = 危険感知判定を求める（GM）
# kind: What threatens (default other)
cmd-nwfortress-danger--kind = 種類
    .desc = 何が脅かすか（既定はその他）
cmd-nwfortress-danger--kind--trap = 罠
cmd-nwfortress-danger--kind--ambush = 待ち伏せ
cmd-nwfortress-danger--kind--secret = 秘密
cmd-nwfortress-danger--kind--other = その他
# perception: Ambush: the NPC's Perception
cmd-nwfortress-danger--perception = 知覚
    .desc = 待ち伏せ：NPCの知覚
# difficulty: Set the Difficulty yourself
cmd-nwfortress-danger--difficulty = 難易度
    .desc = 難易度を自分で決める
# stat: awareness (default) or luck
cmd-nwfortress-danger--stat = 能力値
    .desc = awareness（感知、既定）かluck（幸運）
cmd-nwfortress-danger--stat--awareness = 感知
cmd-nwfortress-danger--stat--luck = 幸運
# secret: Results only to each roller and the GM
cmd-nwfortress-danger--secret = 秘密
    .desc = 結果は振った本人とGMにだけ

# /nwfortress sense: Roll the Danger Sense Judge the GM called
cmd-nwfortress-sense = 危険感知判定
    .desc = GMが求めた危険感知判定を振る

# /nwfortress cleared: An Area's event is cleared (GM)
cmd-nwfortress-cleared = クリア
    .desc = エリアのイベントをクリアした（GM）
# area: Which Area (default: the party's)
cmd-nwfortress-cleared--area = エリア
    .desc = どのエリアか（既定：パーティのいる所）

# /nwfortress open: Open a Closed Gate or reveal a Secret Gate (GM)
cmd-nwfortress-open = 開く
    .desc = 閉鎖ゲートを開くか秘密ゲートを明かす（GM）
# gate: The Gate's number on the GM's map
cmd-nwfortress-open--gate = ゲート
    .desc = GMの地図でのゲート番号

# /nwfortress condition: A retreat condition now holds (GM)
cmd-nwfortress-condition = 撤退条件
    .desc = 撤退条件が成立した（GM）
# what: Which one
cmd-nwfortress-condition--what = 何を
    .desc = どれか
cmd-nwfortress-condition--what--ruler_defeated = ルーラー撃破
cmd-nwfortress-condition--what--core_broken = コア破壊
cmd-nwfortress-condition--what--ruler_permits = ルーラー許可

# /nwfortress leave: Retreat from the Fortress
cmd-nwfortress-leave = 離脱
    .desc = フォートレスから撤退する

# /nwfortress scrap: Discard the Fortress (GM)
cmd-nwfortress-scrap = 破棄
    .desc = フォートレスを破棄（GM）


# /nwcasket: Night Wizard Lunar Casket and its Lunar Logics
cmd-nwcasket = nw月匣
    .desc = ナイトウィザードの月匣と月匣の法則
# /nwcasket deploy: Deploy a Lunar Casket (a PC is its Ruler)
cmd-nwcasket-deploy = 展開
    .desc = 月匣を展開する（PCがルーラー）
# ruler: GM: the Ruler (default: the Emulator)
cmd-nwcasket-deploy--ruler = ルーラー
    .desc = GM：ルーラー（既定：エミュレイター）
# persist: GM: it outlasts its Scene
cmd-nwcasket-deploy--persist = 持続させる
    .desc = GM：シーンを越えて続く

# /nwcasket remove: Remove the Casket (the Ruler or the GM)
cmd-nwcasket-remove = 除去
    .desc = 月匣を解除する（ルーラーかGM）
# force: GM: declare it removed even during a Dive
cmd-nwcasket-remove--force = 強制
    .desc = GM：ダイブ中でも除去を宣言する

# /nwcasket logic: Add a Lunar Logic, a session rule inside (GM)
cmd-nwcasket-logic = 法則
    .desc = 月匣の法則（月匣内のルール）を追加（GM）
# text: The Logic
cmd-nwcasket-logic--text = テキスト
    .desc = 法則

# /nwcasket list: The Lunar Logics in force
cmd-nwcasket-list = 一覧
    .desc = 有効な月匣の法則

# /nwcasket shake: Ignore one Lunar Logic for 1 Prana
cmd-nwcasket-shake = 揺らす
    .desc = プラーナ1点で月匣の法則を1つ無視する
# logic: Its number or text
cmd-nwcasket-shake--logic = 法則
    .desc = その番号かテキスト

# /nwcasket settings: How long a shaken Logic stays shaken (GM)
cmd-nwcasket-settings = 卓設定
    .desc = 揺らいだ法則が揺らいだままの期間（GM）
# lasts: scenario (default) or session
cmd-nwcasket-settings--lasts = 持続
    .desc = scenario（シナリオ、既定）かsession（セッション）
cmd-nwcasket-settings--lasts--scenario = シナリオ
cmd-nwcasket-settings--lasts--session = セッション


# /ninja: Ninja Obstacle Tournament: a roster of ninjas and 3d6 obstacle courses
cmd-ninja = 忍者
    .desc = 忍者障害物トーナメント：忍者の名簿と3d6の障害物コース
# /ninja new: Open a tournament in this channel (you are the GM)
cmd-ninja-new = 新規
    .desc = このチャンネルで大会を開く（あなたがGM）
# final_turns: Turn limit of the 10-obstacle final (default 64)
cmd-ninja-new--final_turns = 決勝手番
    .desc = 10障害の決勝の手番上限（既定64）
# turns: Turn limit of rounds 1 and 2 (default 32)
cmd-ninja-new--turns = 手番数
    .desc = 第1・第2ラウンドの手番上限（既定32）
# save17: A 17 on a save roll: fail (default) or again
cmd-ninja-new--save17 = セーブ17
    .desc = セーブロールで17：失敗（既定）か振り直し
cmd-ninja-new--save17--fail = 失敗
cmd-ninja-new--save17--again = 振り直し
# cut_ties: Exact tie at the cut: earlier runner keeps it (default) or both
cmd-ninja-new--cut_ties = 同着
    .desc = 足切りでの同点：先に走った方（既定）か両方
cmd-ninja-new--cut_ties--earlier = 先着
cmd-ninja-new--cut_ties--both = 両方
# remind_after: Hours before the player whose ninja is up is reminded (0 = never; default 24)
cmd-ninja-new--remind_after = 催促時間
    .desc = 手番の忍者のプレイヤーに催促するまでの時間（0＝しない。既定24）

# /ninja create: Create a ninja: 40 points over IQ, DX, ST (each at least 12)
cmd-ninja-create = 作成
    .desc = 忍者を作る：知力・器用・筋力に40点（各12以上）
# name: The ninja's name
cmd-ninja-create--name = 名前
    .desc = 忍者の名前
# iq: Intelligence (12-16)
cmd-ninja-create--iq = 知力
    .desc = 知力（12〜16）
# dx: Dexterity (12-16)
cmd-ninja-create--dx = 器用
    .desc = 器用（12〜16）
# st: Strength (12-16)
cmd-ninja-create--st = 筋力
    .desc = 筋力（12〜16）
# occupation: Occupation or description
cmd-ninja-create--occupation = 職業
    .desc = 職業か説明

# /ninja sheet: A ninja's character sheet, or this channel's score sheet
cmd-ninja-sheet = シート
    .desc = 忍者のキャラクターシート、またはこのチャンネルの得点表
# name: Ninja (leave out for the score sheet)
cmd-ninja-sheet--name = 名前
    .desc = 忍者（省くと得点表）

# /ninja train: Spend 5 points on an additive (roll 2d6)
cmd-ninja-train = 訓練
    .desc = 5点を使って付加値を得る（2d6を振る）
# name: Your ninja
cmd-ninja-train--name = 名前
    .desc = あなたの忍者
# pick: The additive to take when the dice let you choose
cmd-ninja-train--pick = 選択値
    .desc = ダイスで選べるときに取る付加値

# /ninja retire: Retire one of your ninjas
cmd-ninja-retire = 引退
    .desc = 自分の忍者を1人引退させる
# name: Your ninja
cmd-ninja-retire--name = 名前
    .desc = あなたの忍者

# /ninja roster: This server's ninjas
cmd-ninja-roster = 名簿
    .desc = このサーバーの忍者
# all: Include retired ninjas
cmd-ninja-roster--all = 全員
    .desc = 引退した忍者も含める
# mine: Only your own ninjas
cmd-ninja-roster--mine = 自分のみ
    .desc = 自分の忍者のみ

# /ninja enter: Enter a ninja in this channel's tournament
cmd-ninja-enter = 出場
    .desc = このチャンネルの大会に忍者を出場させる
# name: Your ninja
cmd-ninja-enter--name = 名前
    .desc = あなたの忍者

# /ninja withdraw: Take an entered ninja out before the start
cmd-ninja-withdraw = 取り下げ
    .desc = 開始前に出場した忍者を外す
# name: The ninja
cmd-ninja-withdraw--name = 名前
    .desc = 忍者

# /ninja fill: GM: fill the empty places with generated ninjas
cmd-ninja-fill = 補充
    .desc = GM：空いた枠を自動生成の忍者で埋める

# /ninja start: GM: fix the running order and start round 1
cmd-ninja-start = 開始
    .desc = GM：走順を決めて第1ラウンドを始める
# shuffle: Shuffle the running order (default: entry order)
cmd-ninja-start--shuffle = シャッフル
    .desc = 走順をシャッフル（既定：出場順）

# /ninja run: Run the ninja who is up
cmd-ninja-run = 走る
    .desc = 手番の忍者を走らせる
# auto: Resolve the whole run at once
cmd-ninja-run--auto = 自動
    .desc = 走りを一度に全部解決する
# round: GM: run every ninja left in this round at once
cmd-ninja-run--round = ラウンド
    .desc = GM：このラウンドの残りの忍者を一度に走らせる

# /ninja roll: Roll 3d6 for the running ninja's next turn
cmd-ninja-roll = ロール
    .desc = 走っている忍者の次の手番の3d6を振る

# /ninja luck: Decide on luck after a miss
cmd-ninja-luck = 幸運
    .desc = 失敗の後で運を決める
# choice: use, skip, first or reroll
cmd-ninja-luck--choice = 選択
    .desc = use、skip、first、reroll
cmd-ninja-luck--choice--use = 使う
cmd-ninja-luck--choice--skip = スキップ
cmd-ninja-luck--choice--first = 先手
cmd-ninja-luck--choice--reroll = 振り直す


# /nakama: One Piece Nakama: recruit friends, defeat enemies
cmd-nakama = 仲間
    .desc = ワンピース仲間：仲間を集め、敵を倒す
# /nakama new: Open a Nakama table in this channel
cmd-nakama-new = 新規
    .desc = このチャンネルで仲間の卓を開く
# character: Your character
cmd-nakama-new--character = キャラクター
    .desc = あなたのキャラクター
# react: A reaction step before each Combat (default on)
cmd-nakama-new--react = リアクション
    .desc = 各戦闘の前の反応段階（既定はオン）
cmd-nakama-new--react--on = オン
cmd-nakama-new--react--off = オフ

# /nakama join: Join the crew (or change character before the start)
cmd-nakama-join = 参加
    .desc = 一味に加わる（開始前ならキャラクター変更）
# character: Your character
cmd-nakama-join--character = キャラクター
    .desc = あなたのキャラクター

# /nakama leave: Leave before the start
cmd-nakama-leave = 離脱
    .desc = 開始前に抜ける

# /nakama begin: Set up and start the adventure
cmd-nakama-begin = 開始
    .desc = 冒険を準備して始める
# bosses: Bosses to shuffle into the enemy deck (0–10)
cmd-nakama-begin--bosses = ボス数
    .desc = 敵デッキに混ぜるボスの数（0〜10）

# /nakama hand: See your hand (only you) and recruit from it
cmd-nakama-hand = 手札
    .desc = 手札を見て（あなただけ）勧誘する

# /nakama board: Show the board
cmd-nakama-board = 盤面
    .desc = 盤面を表示

# /nakama recruit: Recruit a friend from your hand onto a column
cmd-nakama-recruit = 勧誘
    .desc = 手札から仲間を列に勧誘する
# card: Hand position or card, e.g. Red 7
cmd-nakama-recruit--card = カード
    .desc = 手札の位置かカード。例：Red 7
# column: Friend column 1–5
cmd-nakama-recruit--column = 列
    .desc = 仲間の列1〜5

# /nakama ability: Use the ability of the friend you recruited
cmd-nakama-ability = 能力
    .desc = 勧誘した仲間の能力を使う
# from: Column to take a friend from
cmd-nakama-ability--from = 元
    .desc = 仲間を取る列
# to: Column to move the friend to
cmd-nakama-ability--to = 先
    .desc = 仲間を移す先の列
# space: Enemy space 1–3
cmd-nakama-ability--space = マス
    .desc = 敵のマス1〜3
# column: A friend column
cmd-nakama-ability--column = 列
    .desc = 仲間の列
# target: Another player
cmd-nakama-ability--target = 目標値
    .desc = 他のプレイヤー
# value: Die value after a straw hat (1–5)
cmd-nakama-ability--value = 値
    .desc = 麦わら帽子の後の出目（1〜5）
# as: Solo: use Exchange as move or recruit
cmd-nakama-ability--as = として
    .desc = ソロ：交換を移動か勧誘として使う
cmd-nakama-ability--as--move = ムーブ
cmd-nakama-ability--as--recruit = 勧誘

# /nakama skip: Skip the ability or the extra recruit
cmd-nakama-skip = スキップ
    .desc = 能力か追加の勧誘を飛ばす

# /nakama give: Choose your card in an exchange
cmd-nakama-give = 渡す
    .desc = 交換で自分のカードを選ぶ
# card: Hand position or card
cmd-nakama-give--card = カード
    .desc = 手札の位置かカード

# /nakama discard: Discard down to your hand size
cmd-nakama-discard = 捨てる
    .desc = 手札上限まで捨てる
# card: Hand position or card
cmd-nakama-discard--card = カード
    .desc = 手札の位置かカード

# /nakama power: Use your character's special ability (Power Down)
cmd-nakama-power = 特殊能力
    .desc = キャラクターの特殊能力を使う（パワーダウン）
# from: Column to take a friend from
cmd-nakama-power--from = 元
    .desc = 仲間を取る列
# to: Column to move the friend to
cmd-nakama-power--to = 先
    .desc = 仲間を移す先の列
# space: Enemy space 1–3
cmd-nakama-power--space = マス
    .desc = 敵のマス1〜3
# column: A friend column
cmd-nakama-power--column = 列
    .desc = 仲間の列
# target: Another player
cmd-nakama-power--target = 目標値
    .desc = 他のプレイヤー

# /nakama continue: End the reaction step: Combat and Rest run
cmd-nakama-continue = 続ける
    .desc = 反応段階を終える：戦闘と休息へ

# /nakama lose: After a straw hat: the column whose friend is lost
cmd-nakama-lose = 失う
    .desc = 麦わら帽子の後：仲間を失う列
# column: Friend column 1–5
cmd-nakama-lose--column = 列
    .desc = 仲間の列1〜5



# --- added with the Night Wizard part 4 commands (hidden Caskets, Entrances, Brooms, boss HP, item rules)
# hidden: GM: a hidden Casket raises no Crimson Moon; players are not told it is up
cmd-nwcasket-deploy--hidden = 隠す
    .desc = GM：隠された月匣は紅い月を昇らせず、PLには知らされない
# /nwcasket reveal: Reveal a hidden Casket: the Crimson Moon rises (GM)
cmd-nwcasket-reveal = 顕現
    .desc = 隠された月匣を明かす：紅い月が昇る（GM）
# cost: Entrance: each PC who enters pays this (with amount:)
cmd-nwfortress-area--cost = 代償
    .desc = エントランス：入るPCそれぞれが支払う（amountと共に）
cmd-nwfortress-area--cost--hp = HP
cmd-nwfortress-area--cost--mp = MP
cmd-nwfortress-area--cost--prana = プラーナ
# amount: Entrance: how much each PC pays
cmd-nwfortress-area--amount = 量
    .desc = エントランス：各PCが支払う量
# key: Entrance: an item someone in the party must carry (e.g. a door key)
cmd-nwfortress-area--key = 鍵
    .desc = エントランス：パーティの誰かが持つべきアイテム（扉の鍵など）
# keyword: Entrance: a keyword the Dive must say (never shown to players)
cmd-nwfortress-area--keyword = 合言葉
    .desc = エントランス：ダイブで唱える合言葉（PLには見せない）
# emulator_space: Object Area: its Object is an Emulator Space (enemies +3 to all their rolls)
cmd-nwfortress-area--emulator_space = 侵魔空間
    .desc = オブジェクトエリア：オブジェクトは侵魔空間（エネミーの全判定+3）
# keyword: The Entrance's keyword, if it asks one
cmd-nwfortress-dive--keyword = 合言葉
    .desc = エントランスが求める合言葉
# by_hand: Each player rolls it (default: the bot rolls for every PC in the Scene)
cmd-nwfortress-danger--by_hand = 各自で振る
    .desc = 各PLが振る（既定：シーンの全PC分をボットが振る）
# /nwenemy boss: How much HP a boss should have for this party and a fight of so many Rounds (GM)
cmd-nwenemy-boss = ボスhp
    .desc = このパーティと望むラウンド数に合うボスのHPの目安（GM）
# name: The enemy's label on the table, or its name in the data
cmd-nwenemy-boss--name = 名前
    .desc = 卓上のエネミーのラベル、またはデータ上の名前
# rounds: How many Rounds the fight should last (default 3)
cmd-nwenemy-boss--rounds = ラウンド数
    .desc = 戦闘を何ラウンド続けたいか（既定3）
# rule: doesnt_stack (armour), maou (an enchantment) or short_only (a marked Range)
cmd-nw-item-add--rule = 規則
    .desc = doesnt_stack（防具）、maou（魔装）、short_only（印つきの射程）
cmd-nw-item-add--rule--doesnt_stack = 重複不可
cmd-nw-item-add--rule--maou = 魔王魔装
cmd-nw-item-add--rule--short_only = 近距離不可
# category: A weapon's category, e.g. Blade or Magic Sword/Blade (what "X Use" names)
cmd-nw-item-add--category = 種別
    .desc = 武器の種別。例：Blade、Magic Sword/Blade（「〇〇使用」の対象）
# /nwcombat mount: Mount your equipped Broom, or ride on another's as a Passenger (Minor Action)
cmd-nwcombat-mount = 騎乗
    .desc = 装備した箒に乗る、または他者の箒に同乗する（マイナーアクション）
# with: Ride as a Passenger of this Driver
cmd-nwcombat-mount--with = 同乗先
    .desc = この運転者の同乗者として乗る
# /nwcombat dismount: Get off a Broom (a Passenger: Minor Action; the Driver lands everyone, Auto Action)
cmd-nwcombat-dismount = 降りる
    .desc = 箒から降りる（同乗者：マイナー、運転者は全員を降ろす：オートアクション）
# targets: Several targets, comma-separated (Target: 2X, Area (P))
cmd-nwcombat-use--targets = 対象複数
    .desc = 複数の対象をカンマ区切りで（対象：2体、範囲（選択））
# /nw give: Hand an item to another PC (Major Action in a fight; free outside one)
cmd-nw-give = 手渡す
    .desc = 他のPCにアイテムを渡す（戦闘中はメジャーアクション、戦闘外は自由）
# item: Item name or id
cmd-nw-give--item = アイテム
    .desc = アイテムの名前かID
# to: The PC who takes it
cmd-nw-give--to = 相手
    .desc = 受け取るPC

# /nwcombat end-effect: End a skill's or item's effect in force early (GM; a player: one on their own PC)
cmd-nwcombat-end-effect = 効果終了
    .desc = 継続中のスキル・アイテム効果を終える（GM。PLは自分のPCのもの）
# number: Its number on the tracker (`#2`)
cmd-nwcombat-end-effect--number = 番号
    .desc = トラッカー上の番号（#2）
