//! The bullet describing a game's own ends (extinction, compulsory capture, mate that
//! wins, a side without a royal piece), written from its data.

use super::described::letters;
use joust_core::end_rules::{EndValue, ExtinctionKinds};
use joust_core::{Color, Variant};

/// The game's own ends, if it has any.
pub(super) fn own_ends(v: &Variant) -> Option<String> {
    let ends = &v.end_rules;
    let mut parts = Vec::new();
    if v.royal(Color::White).is_none() || v.royal(Color::Black).is_none() {
        parts.push("a side without a royal piece is never in check".to_string());
    }
    if ends.must_capture {
        parts.push("a side that can capture must capture".to_string());
    }
    if let Some(e) = &ends.extinction {
        let what = match &e.kinds {
            ExtinctionKinds::All => "pieces".to_string(),
            ExtinctionKinds::Kinds(k) => format!("pieces of one of the kinds {}", letters(v, k)),
        };
        let value = match e.value {
            EndValue::Win => "wins",
            EndValue::Loss => "loses",
            EndValue::Draw => "draws",
        };
        let mut text = match e.count {
            0 => format!("a side with no {what} left {value}"),
            1 if e.kinds == ExtinctionKinds::All => format!("a side with 1 piece left {value}"),
            n => format!("a side with at most {n} {what} left {value}"),
        };
        if e.opponent_count > 0 {
            let claim = if e.claim {
                " (one more when the short side is to move)"
            } else {
                ""
            };
            text.push_str(&format!(
                " if the other side has at least {}{claim}",
                e.opponent_count
            ));
        }
        parts.push(text);
    }
    let text = parts.join("; ");
    let mut chars = text.chars();
    let first = chars.next()?;
    Some(format!("{}{}.", first.to_ascii_uppercase(), chars.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use joust_core::variants;

    #[test]
    fn chess_has_none_and_antichess_says_its_ends() {
        assert_eq!(own_ends(variants::chess()), None);
        let anti = variants::by_id("antichess").unwrap();
        let text = own_ends(anti).unwrap();
        assert!(text.starts_with("A side without a royal piece"), "{text}");
        assert!(text.contains("must capture"), "{text}");
        assert!(text.contains("a side with no pieces left wins"), "{text}");
    }
}
