"""The Мастер карт's deck (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): what each
card does when it acts. Cards are thrown with Кинуть карты (engine/abilities/card_master.py).
"""
from __future__ import annotations
