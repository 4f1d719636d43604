"""What happens at the table between moves: press, ready, the GM's clock (pause, resume, extend), reminders, the
deadline job, mail from the site and posts to the game's chat channel."""
