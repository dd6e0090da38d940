//! The `--variant` argument every xtask command takes: one game id, `all`, or a comma
//! list, read the same way everywhere.

use joust_core::{variants, Variant};

/// The games of a `--variant` argument: one id, `all` (every game, in the engine's
/// order), or a comma list (each game once, in the order first named).
pub fn parse_games(text: &str) -> Result<Vec<&'static Variant>, String> {
    if text.trim() == "all" {
        return Ok(variants::all().to_vec());
    }
    let mut out: Vec<&'static Variant> = Vec::new();
    for id in text.split(',').map(str::trim) {
        let v = variants::by_id(id).map_err(|e| format!("--variant: {e}"))?;
        if !out.iter().any(|o| o.id == v.id) {
            out.push(v);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_id_all_or_a_list_each_game_once() {
        assert_eq!(parse_games("all").unwrap().len(), variants::all().len());
        assert_eq!(parse_games(" all ").unwrap().len(), variants::all().len());
        let ids: Vec<&str> = parse_games("clash, chess,clash")
            .unwrap()
            .iter()
            .map(|v| v.id)
            .collect();
        assert_eq!(ids, ["clash", "chess"]);
        assert!(parse_games("chess,shogi")
            .unwrap_err()
            .starts_with("--variant: "));
        assert!(parse_games("").is_err());
    }
}
