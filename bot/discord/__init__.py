"""The Discord adapter: thin cogs and components over :mod:`bot.service`."""
