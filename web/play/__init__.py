"""What a GM or a player does to a game, over the engine: the actions as transactions, order text checked for one
power, every legal choice, results posts, the last phase's summary and the map pictures."""
