//! From a game's keys (inheritance resolved) to a [`Variant`]: the board, the pieces, and
//! the rules Joust plays, read with Fairy-Stockfish's meanings and defaults. A key Joust
//! knows but cannot play (drops, say) is reported as unsupported when its value differs
//! from the default; a key nobody knows is reported with the nearest known one.

use super::castling::castling_rules;
use super::error::{GameFileError, GameFileErrorKind};
use super::ini::{Entry, Span};
use super::keys::{bad, closest, invalid, unsupported, whole_ranks, Keys};
use super::pieces::{read_pieces, refuse_uncapturable_first_moves};
use super::rules::{IGNORED, UNSUPPORTED};
use crate::color::Color;
use crate::piece::{KindId, PieceKind};
use crate::square::Geometry;
use crate::variant::{DeadPosition, DoubleStep, PawnRules, StalemateResult, Variant};

/// The prefix of Joust's numbered keys for the rules in short.
pub(crate) const RULES_IN_SHORT: &str = "rulesInShort.";

/// The start position of chess, Fairy-Stockfish's default `startFen`.
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Builds the game `id` from its entries; every problem found is returned, not only the
/// first, so that a user sees all unsupported keys at once.
pub(crate) fn build(
    id: &str,
    header: Span,
    entries: &[Entry],
) -> Result<Variant, Vec<GameFileError>> {
    let keys = Keys::new(entries);
    let mut errors = Vec::new();
    let variant = match build_inner(id, header, &keys, &mut errors) {
        Ok(v) => Some(v),
        Err(e) => {
            errors.push(e);
            None
        }
    };
    errors.extend(keys.unread().filter_map(classify_unread));
    errors.sort_by_key(|e| e.span());
    match variant {
        Some(v) if errors.is_empty() => Ok(v),
        _ => Err(errors),
    }
}

fn build_inner(
    id: &str,
    header: Span,
    keys: &Keys<'_>,
    errors: &mut Vec<GameFileError>,
) -> Result<Variant, GameFileError> {
    let geometry = geometry(keys)?;
    let mut pieces = read_pieces(keys, header)?;
    mark_pawns(keys, &mut pieces.kinds)?;
    for color in Color::ALL {
        let royal = (0..pieces.kinds.len())
            .filter(|&i| pieces.kinds[i].royal && pieces.has(color, i))
            .count();
        if royal > 1 {
            return Err(invalid(
                header,
                format!("a side has at most one royal piece (`king = k`); {color} has {royal}"),
            ));
        }
    }
    let armies = Color::ALL.map(|color| {
        (0..pieces.kinds.len())
            .filter(|&i| pieces.has(color, i))
            .map(|i| KindId(i as u8))
            .collect::<Vec<_>>()
    });
    let start_fen: &'static str = match keys.get("startFen") {
        Some(e) => leak(&e.value),
        None => CHESS_START,
    };
    let letter_kind = |color: Color, c: char| pieces.by_letter(color, c);
    let double_step = double_step(keys, geometry)?;
    let en_passant = double_step != DoubleStep::Never && keys.bool("enPassant", true)?;
    if en_passant {
        refuse_uncapturable_first_moves(keys, &pieces.kinds)?;
    }
    let promotion = super::promotion::promotion(keys, &pieces.kinds, geometry, letter_kind)?;
    let stalemate = match keys.get("stalemateValue") {
        None => StalemateResult::Draw,
        Some(e) => match e.value.as_str() {
            "draw" => StalemateResult::Draw,
            "loss" => StalemateResult::Loss,
            "win" => StalemateResult::Win,
            _ => return Err(bad(e, "expected `draw`, `loss` or `win`")),
        },
    };
    let stalemate = stalemate_piece_count(keys, stalemate)?;
    let n_move = keys.number("nMoveRule", 50)?;
    let fifty_move_plies = if n_move == 0 {
        u32::MAX
    } else {
        n_move.saturating_mul(2)
    };
    counting_rule(keys)?;
    let end_rules = super::ends::end_rules(keys, &pieces.kinds)?;
    expect_default(
        keys,
        "nFoldRule",
        "3",
        "only threefold repetition is played",
        errors,
    );
    expect_default(
        keys,
        "nFoldValue",
        "draw",
        "only repetition that draws is played",
        errors,
    );

    let mut variant = Variant {
        id: leak(id),
        name: keys
            .get("name")
            .map_or_else(|| leak(id), |e| leak(&e.value)),
        summary: keys.get("summary").map_or("", |e| leak(&e.value)),
        geometry,
        kinds: pieces.kinds,
        armies,
        start_fen,
        castling: Vec::new(),
        chess960: None,
        pawns: PawnRules {
            double_step,
            en_passant,
        },
        promotion,
        stalemate,
        fifty_move_plies,
        dead_position: DeadPosition::default(),
        gating_types: Vec::new(),
        gating_rejection: None,
        mutual_immunity: None,
        goals: Default::default(),
        check_freezes_royal: keys.bool("makpongRule", false)?,
        rules_in_short: rules_in_short(keys)?,
        first_leaps: None,
        hand_gating: false,
        end_rules,
        movement_limits: Default::default(),
    };
    variant.dead_position = dead_position(keys, &variant)?;
    super::joust_rules::read(keys, &mut variant)?;
    super::ends::drop_absent_royals(&mut variant);
    variant.goals = super::goals::goals(keys, &variant)?;
    variant.movement_limits = super::mobility::movement_limits(keys, &variant)?;
    variant.first_leaps = super::first_leaps::first_leaps(keys, &variant)?;
    variant.hand_gating = super::hand_gating::hand_gating(keys, &variant)?;
    if keys.bool("castling", true)? {
        (variant.castling, variant.chess960) = castling_rules(keys, &variant)?;
    }
    Ok(variant)
}

/// `maxFile` and `maxRank`.
fn geometry(keys: &Keys<'_>) -> Result<Geometry, GameFileError> {
    let files = match keys.get("maxFile") {
        None => 8,
        Some(e) => super::keys::file_index(&e.value)
            .map(|f| f + 1)
            .ok_or_else(|| bad(e, "expected a file: a letter (`j`) or a number from 1"))?,
    };
    let ranks = match keys.get("maxRank") {
        None => 8,
        Some(e) => e
            .value
            .parse::<u8>()
            .map_err(|_| bad(e, "expected a number of ranks"))?,
    };
    Geometry::new(files, ranks).map_err(|err| {
        let e = keys
            .get("maxFile")
            .or(keys.get("maxRank"))
            .expect("one was given");
        bad(e, err.to_string())
    })
}

/// The pawn kinds: the predefined `pawn`, or the letters of `pawnTypes`.
fn mark_pawns(keys: &Keys<'_>, kinds: &mut [PieceKind]) -> Result<(), GameFileError> {
    let given = keys.get("pawnTypes").or(keys.get("promotionPawnTypes"));
    let Some(e) = given else {
        return Ok(());
    };
    for k in kinds.iter_mut() {
        k.pawn = false;
    }
    for c in e.value.chars().filter(|c| !c.is_whitespace()) {
        let Some(k) = kinds
            .iter_mut()
            .find(|k| k.letter == c.to_ascii_uppercase())
        else {
            return Err(bad(
                e,
                format!("`{c}` is not the letter of a piece of this game"),
            ));
        };
        k.pawn = true;
    }
    Ok(())
}

/// Joust's key for Royal Lion Chess's pawns: a double step from any rank, both squares
/// empty, unless an enemy pawn attacks the square stepped over.
const ANY_RANK: &str = "doubleStepAnyRankUnlessPawnAttacked";

/// `doubleStep` and `doubleStepRegionWhite`/`Black` (one whole rank each, mirrored), or
/// Joust's [`ANY_RANK`].
fn double_step(keys: &Keys<'_>, g: Geometry) -> Result<DoubleStep, GameFileError> {
    if keys.bool(ANY_RANK, false)? {
        let e = keys.get(ANY_RANK).expect("read above");
        if keys.bool("enPassant", true)? {
            return Err(unsupported(
                e,
                "en passant after a double step from any rank; say `enPassant = false`",
            ));
        }
        if keys.get("doubleStepRegionWhite").is_some()
            || keys.get("doubleStepRegionBlack").is_some()
        {
            return Err(bad(e, "a double step from any rank has no region"));
        }
        return Ok(DoubleStep::AnyRankUnlessPawnAttacked);
    }
    if !keys.bool("doubleStep", true)? {
        keys.get("doubleStepRegionWhite");
        keys.get("doubleStepRegionBlack");
        return Ok(DoubleStep::Never);
    }
    let mut and_first = false;
    let white = match keys.get("doubleStepRegionWhite") {
        None => 1,
        Some(e) => match whole_ranks(&e.value, g).as_deref() {
            Some([r]) => *r,
            // The first rank besides another (Horde): no en passant after a double step
            // from the first rank, as in Fairy-Stockfish 11.1.
            Some([0, r]) => {
                and_first = true;
                *r
            }
            _ => {
                return Err(unsupported(
                    e,
                    "a double step from more than one rank, or from part of a rank",
                ))
            }
        },
    };
    if let Some(e) = keys.get("doubleStepRegionBlack") {
        let mirror = g.ranks() - 1 - white;
        let ranks = whole_ranks(&e.value, g);
        // Black's first rank may be left out: no Black pawn ever stands there.
        let mirrors = ranks.as_deref() == Some(&[mirror])
            || (and_first && ranks.as_deref() == Some(&[mirror, g.ranks() - 1]));
        if !mirrors {
            return Err(unsupported(
                e,
                "a Black double-step rank that does not mirror White's",
            ));
        }
    }
    Ok(if and_first {
        DoubleStep::FromRankAndFirst(white)
    } else {
        DoubleStep::FromRank(white)
    })
}

/// `stalematePieceCount`: on stalemate the pieces are counted. Fairy-Stockfish then gives
/// the stalemate's value to the side with fewer pieces (its opposite to the other side,
/// a draw for equal numbers); Joust plays this with a stalemate that wins (Suicide), and
/// with a drawn stalemate, where counting changes nothing.
fn stalemate_piece_count(
    keys: &Keys<'_>,
    stalemate: StalemateResult,
) -> Result<StalemateResult, GameFileError> {
    let Some(e) = keys.get("stalematePieceCount") else {
        return Ok(stalemate);
    };
    if !keys.bool("stalematePieceCount", false)? {
        return Ok(stalemate);
    }
    match stalemate {
        StalemateResult::Win => Ok(StalemateResult::FewerPiecesWin),
        StalemateResult::Draw => Ok(StalemateResult::Draw),
        _ => Err(unsupported(
            e,
            "counting pieces is played only with `stalemateValue = win` or `draw`",
        )),
    }
}

/// `countingRule` (Makruk's, Ouk Chatrang's and ASEAN chess's counting of moves in the
/// endgame): read and checked, not played. The counting only decides when a long endgame
/// is drawn; Joust does not count, so under such a rule a game is drawn only by its
/// `nMoveRule` (none in Makruk), repetition, stalemate or a dead position, and the search
/// never scores a draw by counting. Fairy-Stockfish writes a running count in place of the
/// en-passant square once counting starts; Joust does not read such a FEN.
fn counting_rule(keys: &Keys<'_>) -> Result<(), GameFileError> {
    match keys.get("countingRule") {
        Some(e) if !matches!(e.value.as_str(), "none" | "makruk" | "cambodian" | "asean") => {
            Err(bad(e, "expected `none`, `makruk`, `cambodian` or `asean`"))
        }
        _ => Ok(()),
    }
}

/// Joust's `deadPositionSingle` and `deadPositionColourBound` (see [`DeadPosition`]).
fn dead_position(keys: &Keys<'_>, v: &Variant) -> Result<DeadPosition, GameFileError> {
    let mut rule = DeadPosition::default();
    let mut enabled = false;
    for (key, target) in [
        ("deadPositionSingle", &mut rule.single),
        ("deadPositionColourBound", &mut rule.colour_bound),
    ] {
        let Some(e) = keys.get(key) else { continue };
        if e.value == "-" {
            continue;
        }
        enabled = true;
        for c in e.value.chars().filter(|c| !c.is_whitespace()) {
            if !c.is_ascii_alphabetic() {
                return Err(bad(e, format!("`{c}` is not a piece letter")));
            }
            // A letter the game lacks is skipped: a child game may remove a piece that
            // its parent's rule names.
            // Every kind with the letter: one of each side where the armies differ.
            let letter = c.to_ascii_uppercase();
            for k in v.kind_ids().filter(|&k| v.kind(k).letter == letter) {
                if v.kind(k).royal || v.kind(k).pawn {
                    return Err(bad(
                        e,
                        format!("`{c}` is a royal piece or a pawn; only other pieces count"),
                    ));
                }
                target.push(k);
            }
        }
    }
    rule.enabled = enabled;
    Ok(rule)
}

/// Joust's `rulesInShort.1`, `rulesInShort.2`, ...: the hand-written rules in short, in
/// the order of their numbers, which must run from 1 without a gap.
fn rules_in_short(keys: &Keys<'_>) -> Result<Vec<&'static str>, GameFileError> {
    let mut lines: Vec<(u32, &Entry)> = Vec::new();
    for e in keys.all() {
        let Some(n) = e.key.strip_prefix(RULES_IN_SHORT) else {
            continue;
        };
        keys.mark(e);
        let n: u32 = n.parse().map_err(|_| {
            GameFileError::at(
                e.key_span,
                GameFileErrorKind::BadValue {
                    key: e.key.clone(),
                    reason: "expected a line number after `rulesInShort.`, as `rulesInShort.1`"
                        .into(),
                },
            )
        })?;
        if e.value.is_empty() {
            return Err(bad(e, "a line of the rules in short needs text"));
        }
        lines.push((n, e));
    }
    lines.sort_by_key(|&(n, _)| n);
    for (i, &(n, e)) in lines.iter().enumerate() {
        if n != i as u32 + 1 {
            return Err(bad(
                e,
                format!(
                    "the lines of the rules in short are numbered 1, 2, ...; expected line {}",
                    i + 1
                ),
            ));
        }
    }
    Ok(lines.into_iter().map(|(_, e)| leak(&e.value)).collect())
}

/// Reports a key whose value Joust cannot play unless it is the default.
fn expect_default(
    keys: &Keys<'_>,
    key: &str,
    default: &str,
    reason: &str,
    errors: &mut Vec<GameFileError>,
) {
    if let Some(e) = keys.get(key) {
        if e.value != default {
            errors.push(unsupported(e, reason));
        }
    }
}

/// Why nobody read an entry: a rule Joust does not play (unless it says what the default
/// says), a key only for GUIs, or an unknown key.
fn classify_unread(entry: &Entry) -> Option<GameFileError> {
    if IGNORED.contains(&entry.key.as_str()) {
        return None;
    }
    if let Some(rule) = UNSUPPORTED.iter().find(|r| r.key == entry.key) {
        return (entry.value != rule.default).then(|| unsupported(entry, rule.reason));
    }
    // A known key left unread because the game failed before reaching it.
    let key = entry.key.as_str();
    if super::rules::KNOWN.contains(&key)
        || super::pieces::is_piece_key(key)
        || key.starts_with("pieceName.")
        || key.starts_with("pieceValue.")
        || key.starts_with(RULES_IN_SHORT)
        || key.starts_with(super::mobility::MOBILITY_REGION)
    {
        return None;
    }
    let known = IGNORED
        .iter()
        .copied()
        .chain(UNSUPPORTED.iter().map(|r| r.key))
        .chain(super::rules::KNOWN.iter().copied());
    Some(GameFileError::at(
        entry.key_span,
        GameFileErrorKind::UnknownKey {
            key: entry.key.clone(),
            suggestion: closest(&entry.key, known),
        },
    ))
}

/// Text that lives as long as the program: games are loaded once per process and kept.
pub(crate) fn leak(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}
