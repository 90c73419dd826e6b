# ナイトウィザード The 3rd Edition の用語（英語版は nightwizard-terms.ftl の en）。{ -nw-judge } のように
# 各カタログから使う。用語集：docs/nightwizard.md「Japanese」。新しい用語は末尾に足す。
# メッセージの id は用語の id からダッシュを除いたもの（`-nw-judge` に対する `nw-judge`）にしない：
# Fluent は両方を一つの表に入れ、二つ目を受け付けない。


# Judges (§2, §3)
-nw-judge = 判定
-nw-judges = 判定
-nw-alter = 修正値
-nw-result = 達成値
-nw-difficulty = 難易度
-nw-critical = クリティカル
-nw-fumble = ファンブル
-nw-critical-value = クリティカル値
-nw-fumble-value = ファンブル値
-nw-success = 成功
-nw-failure = 失敗
-nw-automatic-success = 自動成功
-nw-any-seven = エニーセブン
-nw-secret-judge = シークレット判定
-nw-opposed-judge = 対決判定
-nw-recovery-judge = 回復判定
-nw-appearance-check = 登場判定
-nw-spd-judge = 行動値判定
-nw-identify-judge = エネミー識別判定
-nw-information-gathering = 情報収集
-nw-connection = コネクション
-nw-chance = 成功率

# Prana (§4.2)
-nw-prana = プラーナ
-nw-reroll = 振り直し
-nw-cancel-fumble = ファンブル無効化
-nw-fudge-dice = 出目操作
-nw-raise-result = 達成値上昇
-nw-avoid-incapacitated = 戦闘不能回避
-nw-accept = 確定

# Attributes and combat stats
-nw-strength = 筋力
-nw-finesse = 器用
-nw-awareness = 感知
-nw-knowledge = 知力
-nw-spirit = 精神
-nw-luck = 幸運
-nw-pacc = 命中値
-nw-eva = 回避値
-nw-macc = 魔導値
-nw-patk = 物理攻撃力
-nw-matk = 魔法攻撃力
-nw-pdef = 物理防御力
-nw-mdef = 魔法防御力
-nw-spd = 行動値
-nw-hp = HP
-nw-mp = MP

# Combat (§10)
-nw-combat = 戦闘
-nw-round = ラウンド
-nw-setup-process = セットアッププロセス
-nw-initiative-process = イニシアチブプロセス
-nw-main-process = メインプロセス
-nw-cleanup-process = クリンナッププロセス
-nw-count = カウント
-nw-move-action = ムーブアクション
-nw-minor-action = マイナーアクション
-nw-major-action = メジャーアクション
-nw-reaction = リアクション
-nw-auto-action = オートアクション
-nw-pre-action = 未行動
-nw-post-action = 行動済み
-nw-hit-check = 命中判定
-nw-dodge-check = 回避判定
-nw-damage = ダメージ
-nw-damage-roll = ダメージロール
-nw-hp-damage = HPダメージ
-nw-physical-attack = 物理攻撃
-nw-magical-attack = 魔法攻撃
-nw-cover-up = カバーリング
-nw-full-hit = 必中
-nw-full-dodge = 完全回避
-nw-engage = エンゲージ
-nw-engagements = エンゲージ
-nw-invade = 侵入
-nw-withdraw = 離脱
-nw-blockade = 封鎖
-nw-range = 射程
-nw-close-range = 至近
-nw-short-range = 近距離
-nw-long-range = 遠距離
-nw-incapacitated = 戦闘不能
-nw-dead = 死亡
-nw-bad-status = バッドステータス
-nw-defender = 防御側
-nw-attacker = 攻撃側

# The world
-nw-emulator = 侵魔
-nw-lunar-casket = 月匣
-nw-lunar-logic = 月匣のルール
-nw-fortress = フォートレス
-nw-guest = ゲスト
-nw-gm = GM
-nw-scene = シーン
-nw-master-scene = マスターシーン
-nw-episode = エピソード
-nw-skill = スキル
-nw-item = アイテム

# Growth (§6)
-nw-bp = ボーナス点
-nw-cf-mod = クリティカル・ファンブル修正
-nw-op = 成長点

# Fortresses (§12.8, §12.9)
-nw-trap-identification = トラップ識別
-nw-trap-removal = トラップ解除
-nw-danger-sense = 危険感知
