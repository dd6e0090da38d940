//! The keys of Fairy-Stockfish's `variants.ini` that Joust reads, those it accepts and
//! ignores (they only tell GUIs how to draw), and those that describe rules Joust does not
//! play yet, each with the default under which it changes nothing.

/// A rule key Joust cannot play yet.
pub(crate) struct Unsupported {
    /// The key.
    pub key: &'static str,
    /// The value that leaves the rule off (a file may say it).
    pub default: &'static str,
    /// What Joust cannot do, for the message.
    pub reason: &'static str,
}

/// Keys the game builder reads (for "did you mean" suggestions; pieces are matched by
/// their own tables).
pub(crate) const KNOWN: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "pawnTypes",
    "promotionPawnTypes",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "mandatoryPawnPromotion",
    "promotionLimit",
    "immobilityIllegal",
    "makpongRule",
    "cambodianMoves",
    "seirawanGating",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassant",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingPiece",
    "castlingRookPieces",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingLongSide",
    "chess960",
    "doubleStepAnyRankUnlessPawnAttacked",
    "promotionBySquareColourWhite",
    "promotionBySquareColourBlack",
    "promotionLostOnly",
    "promotionGatedTypes",
    "mutualImmunity",
    "gatingTypes",
    "gatingRejection",
    "facingPiece",
    "stalemateValue",
    "stalematePieceCount",
    "checkmateValue",
    "shatarMateRule",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "name",
    "summary",
    "deadPositionSingle",
    "deadPositionColourBound",
    "mustCapture",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "extinctionPseudoRoyal",
    "countingRule",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagMove",
    "checking",
    "checkCounting",
    "flyingGeneral",
    "soldierPromotionRank",
    "mobilityRegionWhiteKing",
    "customPiece1",
    "pieceName.",
    "pieceValue.",
    "rulesInShort.1",
];

/// Keys accepted and ignored: they only concern how a GUI draws the game, or evaluation
/// values Joust estimates itself.
pub(crate) const IGNORED: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

const fn u(key: &'static str, default: &'static str, reason: &'static str) -> Unsupported {
    Unsupported {
        key,
        default,
        reason,
    }
}

const DROPS: &str = "Joust plays no drops or pieces in hand";

/// Rule keys Joust knows but does not play yet.
pub(crate) const UNSUPPORTED: &[Unsupported] = &[
    u("twoBoards", "false", DROPS),
    u("pieceDrops", "false", DROPS),
    u("capturesToHand", "false", DROPS),
    u("dropLoop", "false", DROPS),
    u("mustDrop", "false", DROPS),
    u("mustDropType", "*", DROPS),
    u("firstRankPawnDrops", "false", DROPS),
    u("promotionZonePawnDrops", "false", DROPS),
    u("dropChecks", "true", DROPS),
    u("dropPromoted", "false", DROPS),
    u("dropNoDoubled", "-", DROPS),
    u("dropNoDoubledCount", "1", DROPS),
    u("dropOppositeColoredBishop", "false", DROPS),
    u("sittuyinRookDrop", "false", DROPS),
    u("enclosingDrop", "none", DROPS),
    u("castlingDroppedPiece", "false", DROPS),
    u("shogiPawnDropMateIllegal", "false", DROPS),
    u(
        "gating",
        "false",
        "`gating` plays nothing without `seirawanGating` or `cambodianMoves`",
    ),
    u(
        "sittuyinPromotion",
        "false",
        "Sittuyin promotion is not played yet",
    ),
    u(
        "promotedPieceType",
        "",
        "promoted piece types (Shogi-like) are not played yet",
    ),
    u(
        "piecePromotionOnCapture",
        "false",
        "promotion of pieces is not played yet",
    ),
    u(
        "mandatoryPiecePromotion",
        "false",
        "promotion of pieces is not played yet",
    ),
    u("pieceDemotion", "false", "demotion is not played yet"),
    u(
        "blastOnCapture",
        "false",
        "explosions (Atomic) are not played yet",
    ),
    u(
        "blastImmuneTypes",
        "",
        "explosions (Atomic) are not played yet",
    ),
    u(
        "mutuallyImmuneTypes",
        "",
        "mutually immune types are not played yet",
    ),
    u(
        "petrifyOnCaptureTypes",
        "-",
        "petrification is not played yet",
    ),
    u(
        "petrifyBlastPieces",
        "false",
        "petrification is not played yet",
    ),
    u(
        "tripleStepRegionWhite",
        "-",
        "pawn triple steps are not played yet",
    ),
    u(
        "tripleStepRegionBlack",
        "-",
        "pawn triple steps are not played yet",
    ),
    u(
        "enPassantRegion",
        "",
        "restricted en passant is not played yet",
    ),
    u(
        "enPassantRegionWhite",
        "",
        "restricted en passant is not played yet",
    ),
    u(
        "enPassantRegionBlack",
        "",
        "restricted en passant is not played yet",
    ),
    u(
        "enPassantTypes",
        "p",
        "en passant by pieces other than pawns is not played yet",
    ),
    u(
        "enPassantTypesWhite",
        "p",
        "en passant by pieces other than pawns is not played yet",
    ),
    u(
        "enPassantTypesBlack",
        "p",
        "en passant by pieces other than pawns is not played yet",
    ),
    u(
        "oppositeCastling",
        "false",
        "opposite castling is not played yet",
    ),
    u("castlingWins", "-", "castling as a goal is not played yet"),
    u("wallingRule", "none", "walls are not played yet"),
    u("wallOrMove", "false", "walls are not played yet"),
    u("wallingRegionWhite", "", "walls are not played yet"),
    u("wallingRegionBlack", "", "walls are not played yet"),
    u(
        "diagonalLines",
        "",
        "Janggi palace diagonals are not played yet",
    ),
    u("pass", "false", "passing is not played yet"),
    u("passWhite", "false", "passing is not played yet"),
    u("passBlack", "false", "passing is not played yet"),
    u("passOnStalemate", "false", "passing is not played yet"),
    u("passOnStalemateWhite", "false", "passing is not played yet"),
    u("passOnStalemateBlack", "false", "passing is not played yet"),
    u(
        "flipEnclosedPieces",
        "none",
        "flipping pieces is not played yet",
    ),
    u(
        "nMoveRuleTypes",
        "p",
        "a move-count rule reset by other pieces is not played yet",
    ),
    u(
        "nMoveRuleTypesWhite",
        "p",
        "a move-count rule reset by other pieces is not played yet",
    ),
    u(
        "nMoveRuleTypesBlack",
        "p",
        "a move-count rule reset by other pieces is not played yet",
    ),
    u(
        "nFoldValueAbsolute",
        "false",
        "repetition results other than a draw are not played yet",
    ),
    u(
        "perpetualCheckIllegal",
        "false",
        "perpetual-check rules are not played yet",
    ),
    u(
        "moveRepetitionIllegal",
        "false",
        "repetition rules are not played yet",
    ),
    u("chasingRule", "none", "chasing rules are not played yet"),
    u("bikjangRule", "false", "the Bikjang rule is not played yet"),
    u("dupleCheck", "false", "extinction goals are not played yet"),
    u(
        "flagPieceCount",
        "1",
        "flags won by more than one piece are not played yet",
    ),
    u(
        "flagPieceBlockedWin",
        "false",
        "flags won by more than one piece are not played yet",
    ),
    u(
        "flagPieceSafe",
        "false",
        "flags that must be reached safely are not played yet",
    ),
    u("connectN", "0", "connection goals are not played yet"),
    u(
        "connectPieceTypes",
        "*",
        "connection goals are not played yet",
    ),
    u(
        "connectVertical",
        "true",
        "connection goals are not played yet",
    ),
    u(
        "connectHorizontal",
        "true",
        "connection goals are not played yet",
    ),
    u(
        "connectDiagonal",
        "true",
        "connection goals are not played yet",
    ),
    u(
        "connectRegion1White",
        "-",
        "connection goals are not played yet",
    ),
    u(
        "connectRegion2White",
        "-",
        "connection goals are not played yet",
    ),
    u(
        "connectRegion1Black",
        "-",
        "connection goals are not played yet",
    ),
    u(
        "connectRegion2Black",
        "-",
        "connection goals are not played yet",
    ),
    u("connectNxN", "0", "connection goals are not played yet"),
    u("collinearN", "0", "connection goals are not played yet"),
    u("connectValue", "win", "connection goals are not played yet"),
    u(
        "materialCounting",
        "none",
        "material counting is not played yet",
    ),
    u(
        "adjudicateFullBoard",
        "false",
        "material counting is not played yet",
    ),
    u(
        "castlingKingFile",
        "e",
        "choosing among several castling kings is not played yet",
    ),
];
