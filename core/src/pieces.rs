//! The piece kinds of the rules book (docs/rules/), described by their atoms, shared by
//! the games that use them.

use crate::atom::{ferz, king_steps, symmetric, wazir, Atom, Mode, Outward, Path, UNLIMITED};
use crate::color::Color;
use crate::piece::PieceKind;
use crate::square::Direction;

/// FIDE king: one step any direction (castling is a rule of the game, not an atom).
pub fn king() -> PieceKind {
    PieceKind::new(
        "King",
        'K',
        vec![Atom::leap(king_steps(), Mode::MOVE_CAPTURE)],
    )
    .royal()
}

/// FIDE queen: rook or bishop.
pub fn queen() -> PieceKind {
    PieceKind::new(
        "Queen",
        'Q',
        vec![Atom::ride(king_steps(), Mode::MOVE_CAPTURE)],
    )
    .value(900)
}

/// FIDE rook.
pub fn rook() -> PieceKind {
    PieceKind::new("Rook", 'R', vec![Atom::ride(wazir(), Mode::MOVE_CAPTURE)]).value(500)
}

/// FIDE bishop.
pub fn bishop() -> PieceKind {
    PieceKind::new("Bishop", 'B', vec![Atom::ride(ferz(), Mode::MOVE_CAPTURE)]).value(330)
}

/// FIDE knight.
pub fn knight() -> PieceKind {
    PieceKind::new(
        "Knight",
        'N',
        vec![Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE)],
    )
    .value(320)
}

/// FIDE pawn: fmW, fcF, ifmnD (the double step's rank is a rule of the game).
pub fn pawn() -> PieceKind {
    PieceKind::new(
        "Pawn",
        'P',
        vec![
            Atom::leap(vec![(0, 1)], Mode::MOVE).relative(),
            Atom::leap(vec![(-1, 1), (1, 1)], Mode::CAPTURE).relative(),
            Atom::leap(vec![(0, 2)], Mode::MOVE | Mode::INITIAL)
                .with_path(Path::Lame)
                .relative(),
        ],
    )
    .pawn()
    .value(100)
}

/// Royal Lion Chess Gryphon: one diagonal step, then optionally outward as a rook
/// (docs/rules/royal-lion.md, "Gryphon, Crocodile and Dragon").
pub fn gryphon() -> PieceKind {
    PieceKind::new(
        "Gryphon",
        'G',
        vec![Atom {
            path: Path::Bent {
                outward: Outward::Orthogonal,
            },
            offsets: ferz(),
            mode: Mode::MOVE_CAPTURE,
            relative: false,
        }],
    )
}

/// Royal Lion Chess Crocodile: one orthogonal step, then optionally outward as a bishop.
pub fn crocodile() -> PieceKind {
    PieceKind::new(
        "Crocodile",
        'C',
        vec![Atom {
            path: Path::Bent {
                outward: Outward::Diagonal,
            },
            offsets: wazir(),
            mode: Mode::MOVE_CAPTURE,
            relative: false,
        }],
    )
}

/// A Lancers Chess Lancer with a fixed facing: rides along it, passing its own pieces,
/// stopping at the first enemy (docs/rules/lancers.md, "The Lancer"). Each facing is its
/// own kind.
pub fn lancer(facing: Direction) -> PieceKind {
    PieceKind::new(
        "Lancer",
        'L',
        vec![Atom {
            path: Path::RideThroughOwn {
                min: 1,
                max: UNLIMITED,
            },
            offsets: vec![facing.delta()],
            mode: Mode::MOVE_CAPTURE,
            relative: false,
        }],
    )
    .facing(facing)
}

/// Cromwell War Machine: moves as a rook without capturing; shoots the nearest piece on
/// each orthogonal line if it is at least two squares away (docs/rules/cromwell.md, "War
/// Machines").
pub fn war_machine() -> PieceKind {
    PieceKind::new(
        "War Machine",
        'W',
        vec![
            Atom::ride(wazir(), Mode::MOVE),
            Atom::ride_range(wazir(), 2, UNLIMITED, Mode::SHOOT),
        ],
    )
}

/// Musketeer Hawk: leaps 2 or 3 squares orthogonally or diagonally (DAHG).
pub fn hawk() -> PieceKind {
    PieceKind::new(
        "Hawk",
        'H',
        vec![Atom::leap(
            [
                symmetric(2, 0),
                symmetric(2, 2),
                symmetric(3, 0),
                symmetric(3, 3),
            ]
            .concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
}

/// Musketeer Fortress: bishop up to 3 squares, leap 2 orthogonally, narrow knight leaps
/// (B3DvN; docs/rules/musketeer.md, "The pieces").
pub fn fortress() -> PieceKind {
    PieceKind::new(
        "Fortress",
        'F',
        vec![
            Atom::ride_range(ferz(), 1, 3, Mode::MOVE_CAPTURE),
            Atom::leap(symmetric(2, 0), Mode::MOVE_CAPTURE),
            Atom::leap(vec![(1, 2), (-1, 2), (1, -2), (-1, -2)], Mode::MOVE_CAPTURE),
        ],
    )
    .value(760)
}

/// LancerChess King's Lancer: leaps exactly 1 or 2 squares orthogonally (WD;
/// docs/rules/lancerchess.md, "The pieces").
pub fn kings_lancer() -> PieceKind {
    PieceKind::new(
        "King's Lancer",
        'L',
        vec![Atom::leap(
            [wazir(), symmetric(2, 0)].concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
    // About a Queen's Lancer: both reach 8 squares; this one changes square colour, that
    // one does not (Fairy-Stockfish values the two alike).
    .value(300)
}

/// LancerChess Queen's Lancer: leaps exactly 1 or 2 squares diagonally (FA;
/// docs/rules/lancerchess.md, "The pieces").
pub fn queens_lancer() -> PieceKind {
    PieceKind::new(
        "Queen's Lancer",
        'J',
        vec![Atom::leap(
            [ferz(), symmetric(2, 2)].concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
    // A little below a King's Lancer: bound to one square colour, like a Bishop.
    .value(290)
}

/// The LancerChess royal Queen: moves as a FIDE king and castles
/// (docs/rules/lancerchess.md, "The pieces").
pub fn royal_queen() -> PieceKind {
    let mut k = king();
    k.name = "Queen";
    k.letter = 'Q';
    k
}

/// The LancerChess King: an ordinary piece that moves as a FIDE queen
/// (docs/rules/lancerchess.md, "The pieces").
pub fn queen_moving_king() -> PieceKind {
    let mut q = queen();
    q.name = "King";
    q.letter = 'K';
    q
}

/// A named piece that only leaps, for the tour puzzle: `(id, kind)` pairs.
pub fn leapers() -> Vec<(&'static str, PieceKind)> {
    let leap = |name, letter, offsets: Vec<(i8, i8)>| {
        PieceKind::new(name, letter, vec![Atom::leap(offsets, Mode::MOVE_CAPTURE)])
    };
    vec![
        ("kings-lancer", kings_lancer()),
        ("queens-lancer", queens_lancer()),
        ("knight", knight()),
        ("king", king()),
        ("wazir", leap("Wazir", 'W', wazir())),
        ("ferz", leap("Ferz", 'F', ferz())),
        ("dabbaba", leap("Dabbaba", 'D', symmetric(2, 0))),
        ("alfil", leap("Alfil", 'A', symmetric(2, 2))),
        ("camel", leap("Camel", 'C', symmetric(3, 1))),
        ("zebra", leap("Zebra", 'Z', symmetric(3, 2))),
        ("hawk", hawk()),
    ]
}

/// The four wide knight leaps (±2 files, ±1 rank): Betza sN.
fn wide_knight() -> Vec<(i8, i8)> {
    vec![(2, 1), (2, -1), (-2, 1), (-2, -1)]
}

/// Musketeer Leopard: knight, and bishop up to 2 squares (NB2; docs/rules/musketeer.md,
/// "The pieces").
pub fn leopard() -> PieceKind {
    PieceKind::new(
        "Leopard",
        'L',
        vec![
            Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE),
            Atom::ride_range(ferz(), 1, 2, Mode::MOVE_CAPTURE),
        ],
    )
    .value(670)
}

/// Musketeer Cannon: king step, orthogonal 2-leap, wide knight leaps (KDsN;
/// docs/rules/musketeer.md, "The pieces").
pub fn cannon() -> PieceKind {
    PieceKind::new(
        "Cannon",
        'C',
        vec![Atom::leap(
            [king_steps(), symmetric(2, 0), wide_knight()].concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
    .value(750)
}

/// Musketeer Unicorn: knight and camel leaps (NC).
pub fn unicorn() -> PieceKind {
    PieceKind::new(
        "Unicorn",
        'U',
        vec![Atom::leap(
            [symmetric(2, 1), symmetric(3, 1)].concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
    .value(560)
}

/// Musketeer Dragon (Amazone): queen or knight (QN).
pub fn musketeer_dragon() -> PieceKind {
    PieceKind::new(
        "Dragon",
        'D',
        vec![
            Atom::ride(king_steps(), Mode::MOVE_CAPTURE),
            Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE),
        ],
    )
    .value(1250)
}

/// Chancellor: rook or knight (RN).
pub fn chancellor() -> PieceKind {
    PieceKind::new(
        "Chancellor",
        'M',
        vec![
            Atom::ride(wazir(), Mode::MOVE_CAPTURE),
            Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE),
        ],
    )
    .value(800)
}

/// Archbishop: bishop or knight (BN).
pub fn archbishop() -> PieceKind {
    PieceKind::new(
        "Archbishop",
        'A',
        vec![
            Atom::ride(ferz(), Mode::MOVE_CAPTURE),
            Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE),
        ],
    )
    .value(770)
}

/// Musketeer Elephant: king step, leap 2 orthogonally or diagonally (KAD).
pub fn elephant() -> PieceKind {
    PieceKind::new(
        "Elephant",
        'E',
        vec![Atom::leap(
            [king_steps(), symmetric(2, 0), symmetric(2, 2)].concat(),
            Mode::MOVE_CAPTURE,
        )],
    )
    .value(630)
}

/// Musketeer Spider: bishop up to 2 squares, knight, orthogonal 2-leap (B2DN).
pub fn spider() -> PieceKind {
    PieceKind::new(
        "Spider",
        'S',
        vec![
            Atom::ride_range(ferz(), 1, 2, Mode::MOVE_CAPTURE),
            Atom::leap(
                [symmetric(2, 1), symmetric(2, 0)].concat(),
                Mode::MOVE_CAPTURE,
            ),
        ],
    )
    .value(815)
}

/// Royal Lion Chess Lion: royal; jumps to any square of the 5x5 block around it, and
/// makes the capturing double king steps and the pass (the LionDouble atom;
/// docs/rules/royal-lion.md, "The Royal Lion").
pub fn royal_lion() -> PieceKind {
    let mut block = Vec::new();
    for df in -2i8..=2 {
        for dr in -2i8..=2 {
            if (df, dr) != (0, 0) {
                block.push((df, dr));
            }
        }
    }
    PieceKind::new(
        "Lion",
        'L',
        vec![
            Atom::leap(block, Mode::MOVE_CAPTURE),
            Atom {
                path: Path::LionDouble,
                offsets: Vec::new(),
                mode: Mode::MOVE_CAPTURE,
                relative: false,
            },
        ],
    )
    .royal()
}

/// Marshal: rook or knight (RN), Royal Lion Chess.
pub fn marshal() -> PieceKind {
    let mut k = chancellor();
    k.name = "Marshal";
    k
}

/// Paladin: bishop or knight (BN), Royal Lion Chess letter H.
pub fn paladin() -> PieceKind {
    let mut k = archbishop();
    k.name = "Paladin";
    k.letter = 'H';
    k
}

/// Amazon: queen or knight (QN), Royal Lion Chess.
pub fn amazon() -> PieceKind {
    let mut k = musketeer_dragon();
    k.name = "Amazon";
    k.letter = 'A';
    k.value = Some(1200);
    k
}

/// Royal Lion Chess Dragon: Gryphon or Crocodile (docs/rules/royal-lion.md, "Gryphon,
/// Crocodile and Dragon").
pub fn bent_dragon() -> PieceKind {
    let atoms = [gryphon().atoms, crocodile().atoms].concat();
    PieceKind::new("Dragon", 'D', atoms)
}

/// Cromwell King (Charles / Cromwell): royal; king steps, and shoots along the 8 lines at
/// distance 1, or 2 over an empty square or one of its own pieces
/// (docs/rules/cromwell.md, "The King: Charles I and Cromwell").
pub fn cromwell_king() -> PieceKind {
    let mut k = king();
    k.atoms.push(Atom {
        path: Path::RideThroughOwn { min: 1, max: 2 },
        offsets: king_steps(),
        mode: Mode::SHOOT,
        relative: false,
    });
    k
}

/// Prince Rupert (White): moves as a queen; shoots orthogonally 1 or 2 squares, over an
/// empty square.
pub fn rupert() -> PieceKind {
    PieceKind::new(
        "Rupert",
        'R',
        vec![
            Atom::ride(king_steps(), Mode::MOVE_CAPTURE),
            Atom::ride_range(wazir(), 1, 2, Mode::SHOOT),
        ],
    )
    .value(900)
}

/// Pym (Black): moves as rook or knight; shoots orthogonally 1 or 2 squares over an empty
/// square, and as a Mao (a knight shot whose orthogonal first step must be empty).
pub fn pym() -> PieceKind {
    PieceKind::new(
        "Pym",
        'Y',
        vec![
            Atom::ride(wazir(), Mode::MOVE_CAPTURE),
            Atom::leap(symmetric(2, 1), Mode::MOVE_CAPTURE),
            Atom::ride_range(wazir(), 1, 2, Mode::SHOOT),
            Atom::leap(symmetric(2, 1), Mode::SHOOT).with_path(Path::Lame),
        ],
    )
    .value(900)
}

/// Cromwell Bishop / Abbot: bishop; shoots diagonally 1 or 2 squares over an empty square.
pub fn shooting_bishop() -> PieceKind {
    let mut b = bishop();
    b.atoms.push(Atom::ride_range(ferz(), 1, 2, Mode::SHOOT));
    b
}

/// Cromwell Horseman: knight; White's shoot one square orthogonally, Black's one square
/// diagonally (docs/rules/cromwell.md, "Horsemen"), so each side's Horseman is its own
/// kind.
pub fn horseman(color: Color) -> PieceKind {
    let shot = match color {
        Color::White => wazir(),
        Color::Black => ferz(),
    };
    let mut k = knight();
    k.name = "Horseman";
    k.letter = 'H';
    k.atoms.push(Atom::leap(shot, Mode::SHOOT));
    k
}

/// Cromwell War Machine, as [`war_machine`], with its value.
pub fn cromwell_war_machine() -> PieceKind {
    war_machine().value(450)
}

/// Cromwell Pawn: one step forward or sideways, capturing by displacement on those
/// squares, and shooting them; no double step (docs/rules/cromwell.md, "Pawns").
pub fn cromwell_pawn() -> PieceKind {
    let steps = vec![(0, 1), (-1, 0), (1, 0)];
    PieceKind::new(
        "Pawn",
        'P',
        vec![
            Atom::leap(steps.clone(), Mode::MOVE_CAPTURE).relative(),
            Atom::leap(steps, Mode::SHOOT).relative(),
        ],
    )
    .pawn()
    .value(100)
}
