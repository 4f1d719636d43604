"""The JSON API: each endpoint declared once (its path, who may call it, its body and answers), served from that
declaration and documented from it at ``/api/openapi.json``; and the health checks a load balancer asks."""
