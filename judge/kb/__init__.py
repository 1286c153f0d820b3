"""judge/kb"""
