"""Letters in transit: post trays, couriers, routing and forwarding (the mail issue)."""
