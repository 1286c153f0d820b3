"""judge/app"""
