# Times BCDice (Ruby) on the expressions of `cargo bench --bench croupier`, for the side-by-side
# figures in BENCHMARKS.md. Usage: ruby benches/bcdice.rb BCDICE_DIR EXPR...
# BCDICE_DIR is a BCDice checkout whose racc grammars (lib/**/*.y) were compiled to .rb files;
# nothing of BCDice is part of this repository.
dir = ARGV.shift or abort("usage: ruby benches/bcdice.rb BCDICE_DIR EXPR...")
$LOAD_PATH.unshift(File.join(dir, "lib"))
require "bcdice"
require "bcdice/game_system/DiceBot"
bot = BCDice::GameSystem::DiceBot
ARGV.each do |e|
  sample = bot.eval(e) or abort("BCDice rejects #{e}")
  2000.times { bot.eval(e) } # warm-up
  per_call = Array.new(11) do
    n = 2000
    t0 = Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond)
    n.times { bot.eval(e) }
    (Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) - t0) / n.to_f / 1000.0
  end.sort
  printf("BCDice parse+roll %-16s median %8.2f µs (of 11 batches of 2000; min %.2f, max %.2f) e.g. %s\n",
         e, per_call[5], per_call[0], per_call[-1], sample.text[0, 60])
end
