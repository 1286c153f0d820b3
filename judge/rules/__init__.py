"""judge/rules"""
