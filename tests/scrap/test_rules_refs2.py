"""More Card Reference notes (SC-REF-*) and the golden rule, each Function resolved from its data."""

from __future__ import annotations

from engines.core import Game
from engines.scrap import interpreter, values
from engines.scrap.content import thaw

from .battles import area, data, labels, options, pick, put, run_effect, ship, table, who
from .helpers import ENGINE
from .test_atoms import run_as

CER, TAC, KIR = 0, 1, 2
OLY = {"intelligences": "olympus,tachyon,kirurgeon"}


def play(state, seat, ref, powered, policy=None, limit=60):
    """Resolve Function ``ref`` for ``seat`` (Powered-Up by its first Celestium) up to the Call Phase; the log."""
    p = state["g"]["players"][str(seat)]
    if powered:
        p["celestium"][0] = True
    state = run_as(state, seat, ref)
    state, log = ENGINE.apply(state, seat, next(a for a in ENGINE.legal_actions(state, seat)
                                                 if a.verb == ("celestium" if powered else "no")))
    texts = [e["text"] for e in log]
    for _ in range(limit):
        if state["stack"][-1]["step"] != "choose":
            break
        w = who(state)
        token = policy(state) if policy else None
        if token is None:
            token = options(state)[0]
        state, log = ENGINE.apply(state, w, next(a for a in ENGINE.legal_actions(state, w)
                                                 if (a.args[0] if a.args else a.verb) == token))
        texts += [e["text"] for e in log]
    return state, texts


def clean(texts):
    return not any("not implemented" in t for t in texts)


def test_regrouping_reboot_creates_xp_minus_4():
    # SC-REF-07, SC-EX-25 (EX-25f): Create 0..5 at XP 4..9
    g = Game(ENGINE, table(), CER)
    tree = interpreter.build(g, 7, True)
    for xp in range(4, 10):
        create = values.evaluate(tree, xp=xp)["seq"][1]
        assert create == {"op": "create", "v": xp - 4}


def test_no_notes_functions_resolve_completely():
    # SC-REF-31 (Apotheotic Spark), SC-REF-40 (Demeterian Forge), SC-REF-46 (Promethean Reboot), SC-REF-61
    # (Galvanic Manoeuvre): no notes; Core and Power-Up resolve with nothing skipped
    for ref, opts in ((31, None), (40, OLY), (46, OLY), (61, None)):
        for powered in (False, True):
            state = table(3, opts)
            seat = next(int(s) for s, p in state["g"]["players"].items()
                        if p["intel"] == ENGINE.data.functions[ref].intelligence)
            put(state, seat, 1, "R2", 2)
            ship(state, seat, "L07")
            state, texts = play(state, seat, ref, powered)
            assert clean(texts), (ref, powered, texts)
            assert state["stack"][-1]["step"] in ("call_domain", "sacred_vows"), (ref, state["stack"][-1])


def test_promethean_reboot_adds_celestium_and_energy():
    # SC-REF-46: after the Core (Refresh *, Energy 2), Celestium 1 + Energy 1
    state = table(3, OLY)
    oly = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "olympus")
    state["g"]["players"][str(oly)].update(energy=0, discard=[])
    state, texts = play(state, oly, 46, True)
    p = state["g"]["players"][str(oly)]
    assert p["energy"] == 3 and sum(p["celestium"]) == 1 and clean(texts)  # the Power-Up's Celestium was spent


def test_converting_reboot_paying_for_celestium_is_optional():
    # SC-REF-59: up to 2 times, optionally, pay 2 Energy for 1 Celestium
    state = table()
    p = state["g"]["players"][str(TAC)]
    p.update(energy=6, discard=[], celestium=[False, False, False, False])
    seen = []

    def policy(s):
        if s["stack"][-1]["op"]["effect"] == "pay":
            seen.append(labels(s))
            return "decline"
        return None
    state["g"]["turn"]["seat"] = TAC
    state, texts = play(state, TAC, 59, True, policy=policy)
    assert seen and all(lab[-1] == "Decline the Cost" for lab in seen)
    assert state["g"]["players"][str(TAC)]["energy"] == 8 and clean(texts)  # Core +2, nothing paid


def test_wisening_forge_may_upgrade_a_bot_just_deployed():
    # SC-REF-60
    state = table()
    ship(state, TAC, "L07")
    state["g"]["players"][str(TAC)]["energy"] = 9
    state["g"]["turn"]["seat"] = TAC
    picks = iter(["s1a"])

    def policy(s):
        eff = s["stack"][-1]["op"]["effect"]
        if eff == "create":
            return next(picks, "done")
        return None
    state, texts = play(state, TAC, 60, True, policy=policy)
    bots = [b for b in state["g"]["bots"].values() if b["owner"] == TAC and b["at"] not in (None,)]
    assert [b["size"] for b in bots] == [2] and clean(texts)  # the deployed size-1 Bot became a Size-2


def test_soaring_forge_flies_before_it_deploys():
    # SC-REF-53: the Fly resolves before the Core, so the Deploy is at the new position
    g = Game(ENGINE, table(), TAC)
    tree = interpreter.build(g, 53, True)
    assert tree["seq"][0]["op"] == "fly" and tree["seq"][1] == interpreter.build(g, 53, False)


def test_hephaestian_forge_weapons_come_after_the_core():
    # SC-REF-47: its Weapons arrive after the Core (they cannot pay its Deploys)
    g = Game(ENGINE, table(3, OLY), 0)
    tree = interpreter.build(g, 47, True)
    assert tree["seq"][0] == interpreter.build(g, 47, False)
    assert "weapon" in str(tree["seq"][1])


def test_zeusian_scavenge_turns_up_to_two_cards_into_energy():
    # SC-REF-43: EXPEND(n <= 2) -> ENERGY(2n), each Expend optional
    state = table(3, OLY)
    oly = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "olympus")
    state["g"]["players"][str(oly)].update(energy=0, hand=[40, 41, 42])
    state["g"]["turn"]["seat"] = oly
    state = run_effect(state, oly, "node", node=thaw(ENGINE.data.functions[43].power_up["effect"]))
    assert options(state) == ["decline", 40, 41, 42]
    state = pick(state, 40)
    assert options(state) == ["decline", 41, 42]
    state = pick(state, 41)
    p = state["g"]["players"][str(oly)]
    assert p["energy"] == 4 and p["hand"] == [42] and state["stack"][-1]["step"] == "call_domain"  # n = 2 at most


def test_reaping_scavenge_destroys_stunned_bots_and_dissect_fires():
    # SC-REF-30: Destroy up to 2 Stunned enemy Bots in Areas you Control; Data as usual; Dissect gives a Weapon
    state = table()
    put(state, KIR, 2, "R2")
    victim = put(state, CER, 1, "R2", stunned=True)[0]
    state["g"]["players"][str(KIR)].update(data=0, weapons=[], energy=0)
    state["g"]["turn"]["seat"] = KIR
    tree = thaw(ENGINE.data.functions[30].power_up["effect"])
    state = run_effect(state, KIR, "node", node=tree)
    while state["stack"][-1]["step"] == "choose":
        state = pick(state, next((t for t in options(state) if str(t) != "done"), "done"))
    assert state["g"]["bots"][victim]["at"] == "errorful"  # Cerebrum's Destroyed Bot, Errorful Learning
    assert data(state, KIR) == 1 and state["g"]["players"][str(KIR)]["weapons"] == ["B"]


def test_golden_rule_effects_beat_rules_both_ways():
    # SC-GOLDEN-01 (effects follow the normal rules unless they say otherwise), SC-GOLDEN-02 (an effect wins over a
    # rule: #48's Mobilise ignores Obstacles; a Vow forbids a Crush the rules allow)
    state = table()
    put(state, CER, 1, "R1")
    state["g"]["links"]["L07"][:] = ["ruins"]
    r1, r2 = area(state, "R1"), area(state, "R2")
    plain = run_effect(state, CER, "mobilise", left=1, moved=[])
    assert f"m1-{r1}-{r2}" not in (options(plain) or [])
    state = table()
    put(state, CER, 1, "R1")
    state["g"]["links"]["L07"][:] = ["ruins"]
    free = run_effect(state, CER, "mobilise", left=1, moved=[], ignore_obstacles=True)
    assert f"m1-{r1}-{r2}" in options(free)
    state = table(3, OLY)
    oly = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "olympus")
    put(state, oly, 2, "R2")
    put(state, KIR, 1, "R2")
    state["g"]["turn"]["seat"] = oly
    state = run_effect(state, oly, "node", node={"op": "crush", "k": 0})
    assert state["stack"][-1]["step"] == "call_domain"  # Vow of Peace face-up: the Crush is skipped


def test_status_flips_at_the_start_of_the_run_phase_before_the_reveal():
    # SC-TURN-03: "start of the Run Phase" is before any of its steps
    from engines.scrap.flow import start_run
    state = table()
    p = state["g"]["players"][str(TAC)]
    p.update(status=[54], queue=[60])
    state["g"]["turn"].update(seat=TAC, first=False)
    start_run(Game(ENGINE, state, TAC), TAC)
    assert p["status"] is None and p["active"] == 60


def test_support_and_map_action_groups():
    # SC-ACTGEN-09: Support Actions and Map Actions, as the engine words them
    from engines.scrap.words import describe
    support = ("energy", "weapon", "celestium", "reset", "refresh", "progress", "data", "fragment")
    maps = ("create", "mobilise", "fly", "crush", "disable", "search", "battle")
    from .files import load
    ops = load("ops")["atoms"]
    assert set(support) | set(maps) <= set(ops) and "expend" in str(ops)
    assert all(describe({"op": op, "v": 1, "kind": "B", "k": 0}) for op in support + maps)


def test_fly_has_value_1_in_almost_every_function():
    # SC-ACT-FLY-03
    from .files import functions, walk
    flies = [n.get("v") for f in functions() for _, n in walk(f) if isinstance(n, dict) and n.get("op") == "fly"]
    assert flies and flies.count(1) >= 0.8 * len(flies)


def test_games_last_around_fourteen_rounds():
    # SC-END-07 (informational balance target: about 14 rounds)
    assert ENGINE.data.rules["rounds_typical"] == 14


def test_igneous_forge_needs_two_fissures_and_the_ship_counts_as_one():
    # SC-REF-66 (Scorched Earth: the Ship counts as a Fissure): Create 7 with >= 2, else the Core's 5
    state = table(3, {"intelligences": "olympus,tachyon,vulkanos"})
    vul = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "vulkanos")
    state["g"]["turn"]["seat"] = vul
    for stack in state["g"]["links"].values():  # the SETUP Fissure(s) off the map
        stack[:] = [x for x in stack if not x.startswith("fissure:")]
    g = Game(ENGINE, state, vul)
    assert interpreter.build(g, 66, True)["plus"][0] == {"op": "create", "v": 5}  # no Ship, no Fissure
    ship(state, vul, "L07")
    assert interpreter.build(g, 66, True)["plus"][0]["v"] == 5  # the Ship alone is 1
    state["g"]["links"]["L08"].append(f"fissure:{vul}")
    assert interpreter.build(g, 66, True)["plus"][0]["v"] == 7


def test_arean_scavenge_searches_one_more_or_two_with_wrath():
    # SC-REF-50 (Wrath as in SC-REF-44: the broken side of the Vow of Peace)
    state = table(3, OLY)
    oly = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "olympus")
    state["g"]["turn"]["seat"] = oly
    g = Game(ENGINE, state, oly)
    assert interpreter.build(g, 50, False)["then"]["v"] == {"add": ["?", 1]}
    assert interpreter.build(g, 50, True)["then"]["v"] == {"add": ["?", 2]}
    state["g"]["players"][str(oly)]["unique"]["vows"]["peace"] = "broken"
    assert interpreter.build(g, 50, True)["then"]["v"] == {"add": ["?", 3]}


def test_invigorating_spark_resolves_the_slot_action_before_its_power_up():
    # SC-REF-38: the Core's Celestium slot Action comes first, then RECOVER(3) + ENERGY(1)
    state = table()
    state["g"]["turn"]["seat"] = KIR
    stunned = put(state, KIR, 1, "R2", stunned=True)[0]
    p = state["g"]["players"][str(KIR)]
    p.update(energy=0, hand=[28], celestium=[False] * len(p["celestium"]))
    order = []

    def policy(s):
        eff = s["stack"][-1]["op"]["effect"]
        order.append(eff)
        if eff == "expend":
            return 28
        if eff == "celestium":
            return 1
        if eff == "slot_action":
            return "use"
        return None
    state, texts = play(state, KIR, 38, True, policy=policy)
    assert order == ["expend", "celestium", "slot_action", "recover"]  # slot 2 (Energy 2) before the Power-Up
    assert not state["g"]["bots"][stunned]["stunned"] and clean(texts)
    assert state["g"]["players"][str(KIR)]["energy"] == 5  # Core 2 + slot 2 + Power-Up 1


def fought(mods):
    """A Battle of Cerebrum's in R2, its boards set by hand: two Neurites in Fire and Brawl, a Kirurgeon Needle
    in Brawl."""
    from .battles import start
    state = table()
    n1, n2 = put(state, CER, 1, "R2", 2)
    needle = put(state, KIR, 1, "R2")[0]
    state = start(state, CER, "R2", mods=mods)
    b = state["g"]["battle"]
    b.update(participants=[CER, KIR], boards={n1: "fire", n2: "brawl", needle: "brawl"}, stage="resolution")
    return state


def test_swarming_raid_adds_one_to_each_command_total_but_not_to_victory():
    # SC-REF-10: +1 to your side's total in every Command where you have a Bot, not to one Bot; not in Victory
    from engines.scrap import battle as battle_mod
    from engines.scrap import fight
    state = fought({"battle.command_total_bonus": {"add": 1}})
    g = Game(ENGINE, state, CER)
    assert fight.total(g, CER, "fire") == 2 and fight.total(g, CER, "brawl") == 2
    assert fight.total(g, CER, "probe") == 0 and fight.total(g, KIR, "brawl") == 1
    assert all(fight.strength(g, bid) == 1 for bid in fight.on_board(g, CER))  # no Bot gets the +1
    plain = Game(ENGINE, fought({}), CER)
    assert fight.total(plain, CER, "fire") == 1
    boards = state["g"]["battle"]["boards"]
    boards.pop(next(bid for bid, c in boards.items() if c == "brawl" and state["g"]["bots"][bid]["owner"] == CER))
    assert battle_mod.winner(g) == KIR  # 1 against 1, ties to POWER: the +1 does not count in the Victory Step


def test_lobotomising_raid_pays_a_flat_3_per_kill_even_shared():
    # SC-REF-36: each enemy Bot you Destroy or help Destroy gives 3 Data in place of the normal or half amount
    from engines.scrap import fight
    state = fought({"battle.kill_data": {"data": 3, "shared_too": True}})
    g = Game(ENGINE, state, CER)
    assert fight.kill_share(g, CER, 1) == 3 and fight.kill_share(g, KIR, 1) == 1
    plain = Game(ENGINE, fought({}), CER)
    assert fight.kill_share(plain, CER, 1) == 1


def test_inexorable_raid_crushes_anywhere_before_the_raid():
    # SC-REF-62: the Crush and the Battle need not share an Area; a Crush first can change the Core's
    # "enemy-Controlled" Mobilise bonus
    g = Game(ENGINE, table(), KIR)
    tree = interpreter.build(g, 62, True)
    assert tree["seq"][0] == {"op": "crush", "k": 0, "area": "any"}
    assert tree["seq"][1] == interpreter.build(g, 62, False)
    state = table()
    state["g"]["turn"]["seat"] = KIR
    put(state, KIR, 3, "R3")
    n = put(state, CER, 1, "R3")[0]
    put(state, KIR, 1, "R1")
    state["g"]["players"][str(KIR)]["data"] = 0
    state = run_effect(state, KIR, "node", node=tree)
    assert options(state) == [f"b3-{area(state, 'R3')}"]  # the Blade in R3 Crushes there …
    state = pick(state, options(state)[0])
    state = pick(state, f"t{n}")
    state = pick(state, "done")
    assert data(state, KIR) == 1 and state["stack"][-1]["op"]["effect"] == "choose_area"  # … then the Raid's X
