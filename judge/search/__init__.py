"""Search: a whoosh index over the knowledge base, and the query understanding in front of it."""
