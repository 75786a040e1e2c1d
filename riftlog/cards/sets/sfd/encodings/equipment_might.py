"""The Might bonus (137) printed on each Spiritforged Equipment, which neither the card
catalog nor the reference card data carries: our own record of a printed number, by card
id.  Read from the printed cards as transcribed by public card-pool projects (a table of
Might bonuses by card id, cross-checked card by card against two other independent
transcriptions where they had the card: B.F. Sword, Blade of the Ruined King, Cull,
Cloth Armor, Doran's Blade, Doran's Shield, Recurve Bow, Sacred Shears, Serrated Dirk,
Sterak's Gage all agree).  A card whose number is not here stays unsupported."""

from __future__ import annotations

MIGHT_BONUS: dict[str, int] = {
    "SFD-009": 0, "SFD-016": 0, "SFD-022": 2, "SFD-030": 2, "SFD-033": 1, "SFD-042": 1,
    "SFD-051": 1, "SFD-056": 3, "SFD-059": 0, "SFD-064": 0, "SFD-073": 1, "SFD-086": 2,
    "SFD-090": 2, "SFD-095": 2, "SFD-102": 1, "SFD-108": 1, "SFD-115": 2, "SFD-118": 2,
    "SFD-124": 1, "SFD-133": 2, "SFD-134": 1, "SFD-139": 2, "SFD-150": 2, "SFD-153": 0,
    "SFD-161": 3, "SFD-172": 1, "SFD-178": 4, "SFD-186": 3, "SFD-190": 3, "SFD-191": 3,
    "SFD-192": 2,
}
