"""judge/base"""
