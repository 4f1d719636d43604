"""The order-submission web site (Flask): a thin shell over the engine."""
