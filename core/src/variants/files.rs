//! The built-in games defined by game files (`core/games/*.ini`), embedded in the
//! program and read once, on first use.

use crate::gamefile::{self, Entry};
use crate::variant::Variant;
use once_cell::sync::Lazy;

/// The built-in game files, each parent before the games that inherit from it.
const FILES: &[(&str, &str)] = &[
    ("chess.ini", include_str!("../../games/chess.ini")),
    (
        "lancerchess.ini",
        include_str!("../../games/lancerchess.ini"),
    ),
    ("clash.ini", include_str!("../../games/clash.ini")),
    ("lancers.ini", include_str!("../../games/lancers.ini")),
    ("cromwell.ini", include_str!("../../games/cromwell.ini")),
    ("musketeer.ini", include_str!("../../games/musketeer.ini")),
    ("royal-lion.ini", include_str!("../../games/royal-lion.ini")),
    ("nocastle.ini", include_str!("../../games/nocastle.ini")),
    ("knightmate.ini", include_str!("../../games/knightmate.ini")),
    ("amazon.ini", include_str!("../../games/amazon.ini")),
    (
        "hoppelpoppel.ini",
        include_str!("../../games/hoppelpoppel.ini"),
    ),
    ("newzealand.ini", include_str!("../../games/newzealand.ini")),
    ("almost.ini", include_str!("../../games/almost.ini")),
    ("chigorin.ini", include_str!("../../games/chigorin.ini")),
    (
        "fischerandom.ini",
        include_str!("../../games/fischerandom.ini"),
    ),
    ("capablanca.ini", include_str!("../../games/capablanca.ini")),
    ("caparandom.ini", include_str!("../../games/caparandom.ini")),
    ("centaur.ini", include_str!("../../games/centaur.ini")),
    ("gothic.ini", include_str!("../../games/gothic.ini")),
    ("embassy.ini", include_str!("../../games/embassy.ini")),
    ("janus.ini", include_str!("../../games/janus.ini")),
    ("chancellor.ini", include_str!("../../games/chancellor.ini")),
    ("modern.ini", include_str!("../../games/modern.ini")),
    ("gardner.ini", include_str!("../../games/gardner.ini")),
    ("losalamos.ini", include_str!("../../games/losalamos.ini")),
    ("antichess.ini", include_str!("../../games/antichess.ini")),
    ("giveaway.ini", include_str!("../../games/giveaway.ini")),
    ("suicide.ini", include_str!("../../games/suicide.ini")),
    ("codrus.ini", include_str!("../../games/codrus.ini")),
    ("extinction.ini", include_str!("../../games/extinction.ini")),
    ("kinglet.ini", include_str!("../../games/kinglet.ini")),
    ("threekings.ini", include_str!("../../games/threekings.ini")),
    ("losers.ini", include_str!("../../games/losers.ini")),
    ("shatranj.ini", include_str!("../../games/shatranj.ini")),
    ("shatar.ini", include_str!("../../games/shatar.ini")),
    ("courier.ini", include_str!("../../games/courier.ini")),
    ("horde.ini", include_str!("../../games/horde.ini")),
    ("asean.ini", include_str!("../../games/asean.ini")),
    ("makruk.ini", include_str!("../../games/makruk.ini")),
    ("makpong.ini", include_str!("../../games/makpong.ini")),
    ("ai-wok.ini", include_str!("../../games/ai-wok.ini")),
    ("cambodian.ini", include_str!("../../games/cambodian.ini")),
    ("karouk.ini", include_str!("../../games/karouk.ini")),
    ("seirawan.ini", include_str!("../../games/seirawan.ini")),
    ("shako.ini", include_str!("../../games/shako.ini")),
    ("grand.ini", include_str!("../../games/grand.ini")),
    (
        "kingofthehill.ini",
        include_str!("../../games/kingofthehill.ini"),
    ),
    ("3check.ini", include_str!("../../games/3check.ini")),
    ("5check.ini", include_str!("../../games/5check.ini")),
    (
        "racingkings.ini",
        include_str!("../../games/racingkings.ini"),
    ),
    (
        "breakthrough.ini",
        include_str!("../../games/breakthrough.ini"),
    ),
    ("xiangqi.ini", include_str!("../../games/xiangqi.ini")),
    (
        "minixiangqi.ini",
        include_str!("../../games/minixiangqi.ini"),
    ),
    ("manchu.ini", include_str!("../../games/manchu.ini")),
    ("jesonmor.ini", include_str!("../../games/jesonmor.ini")),
    ("clobber.ini", include_str!("../../games/clobber.ini")),
    ("clobber10.ini", include_str!("../../games/clobber10.ini")),
];

/// Every built-in file game and the resolved keys of each (for inheritance).
pub(crate) struct FileGames {
    /// The games, in file order.
    pub games: Vec<&'static Variant>,
    /// Each game's id and resolved entries.
    pub sections: Vec<(String, Vec<Entry>)>,
}

/// The built-in file games. A built-in file that does not load is a defect of the
/// program, caught by this module's test, so it panics with the file's errors.
pub(crate) static FILE_GAMES: Lazy<FileGames> = Lazy::new(|| {
    let mut all = FileGames {
        games: Vec::new(),
        sections: Vec::new(),
    };
    for (name, text) in FILES {
        let parents = |id: &str| {
            all.sections
                .iter()
                .find(|(s, _)| s == id)
                .map(|(_, e)| e.clone())
        };
        let loaded = match gamefile::load(text, &parents) {
            Ok(l) => l,
            Err(e) => panic!("built-in game file {}", e.in_file(*name)),
        };
        if let Some((id, errors)) = loaded.rejected.first() {
            let list: Vec<String> = errors
                .iter()
                .map(|e| e.clone().in_file(*name).to_string())
                .collect();
            panic!("built-in game `{id}` does not load:\n{}", list.join("\n"));
        }
        all.games.extend(loaded.games);
        all.sections.extend(loaded.sections);
    }
    all
});

/// The resolved entries of the built-in file game `id`, for games that inherit from it.
pub fn parent_entries(id: &str) -> Option<Vec<Entry>> {
    FILE_GAMES
        .sections
        .iter()
        .find(|(s, _)| s == id)
        .map(|(_, e)| e.clone())
}

/// The ids of the built-in games defined by game files.
pub fn parent_ids() -> Vec<&'static str> {
    FILE_GAMES.games.iter().map(|v| v.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_file_loads_and_ids_are_unique() {
        let ids: Vec<&str> = FILE_GAMES.games.iter().map(|v| v.id).collect();
        let sections: usize = FILES
            .iter()
            .map(|(_, text)| text.lines().filter(|l| l.starts_with('[')).count())
            .sum();
        assert_eq!(ids.len(), sections);
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "{ids:?}");
    }
}
