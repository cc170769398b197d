//! The families of puzzle types a board can be made for, chosen by name at run time (the
//! Python face asks for "plain", "killer" or "kenken"). Each family lives in its own
//! module and plugs into the grader through `grader::Family`; here it takes one line.
//!
//! The `families!` macro writes, from those lines: `Family` (the names), `Rules` (the
//! state of any of them, itself a `grader::Rules`), `Own` (the techniques of any of them),
//! and for each family a way for a ladder of `Technique` (= `grader::Technique<Own>`) to
//! grade that family's own positions, so a family's generator takes the ladder Python
//! built and grades `Position<ItsRules>` directly.

use std::sync::Arc;

use crate::grader::shape::Shape;
use crate::grader::{self, Outcome, Position};

pub use crate::grader::{grade, next_step, Ending, Grade};

/// Writes the registry of families from one line each: `Variant = "name" => Rules;`,
/// where `Rules` implements `grader::Family`. Used once below; a test uses it to
/// register a family of its own.
#[macro_export]
macro_rules! families {
    ($($(#[$doc:meta])* $variant:ident = $name:literal => $rules:ty;)+) => {
        /// A family of puzzle types: which rules a board keeps beyond all-different groups.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Family {
            $($(#[$doc])* $variant,)+
        }

        impl Family {
            pub fn named(name: &str) -> Option<Family> {
                match name {
                    $($name => Some(Family::$variant),)+
                    _ => None,
                }
            }

            /// A board of the shape with these givens (cell, symbol index) written in, and
            /// this family's rules set up over them.
            pub fn position(
                self,
                shape: ::std::sync::Arc<$crate::grader::shape::Shape>,
                givens: &[(usize, usize)],
            ) -> $crate::grader::Outcome<$crate::grader::Position<Rules>> {
                let mut board = $crate::grader::Board::new(shape, givens)?;
                let rules = match self {
                    $(Family::$variant => Rules::$variant(
                        <$rules as $crate::grader::Family>::for_board(&mut board)?,
                    ),)+
                };
                Ok($crate::grader::Position { board, rules })
            }

            /// The technique of this name on this family's ladders: its own first, then
            /// the shared ones.
            pub fn technique(self, name: &str) -> Option<$crate::grader::Technique<Own>> {
                let own = match self {
                    $(Family::$variant => {
                        <$rules as $crate::grader::Family>::technique(name).map(Own::$variant)
                    })+
                };
                own.map($crate::grader::Technique::Own).or_else(|| {
                    $crate::grader::Shared::named(name).map($crate::grader::Technique::Shared)
                })
            }
        }

        /// The state of a board of any family.
        #[derive(Clone)]
        pub enum Rules {
            $($variant($rules),)+
        }

        /// A technique of any family's own.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Own {
            $($variant(<$rules as $crate::grader::Rules>::Technique),)+
        }

        impl $crate::grader::Rules for Rules {
            type Technique = Own;

            fn name(technique: Own) -> &'static str {
                match technique {
                    $(Own::$variant(t) => <$rules as $crate::grader::Rules>::name(t),)+
                }
            }

            /// A technique of another family than the board's has nothing to work on.
            fn apply(
                &mut self,
                technique: Own,
                board: &mut $crate::grader::Board,
            ) -> $crate::grader::Outcome<bool> {
                #[allow(unreachable_patterns)]
                match (self, technique) {
                    $((Rules::$variant(rules), Own::$variant(t)) => {
                        $crate::grader::Rules::apply(rules, t, board)
                    })+
                    _ => Ok(false),
                }
            }
        }

        $(
            /// A ladder built by name grades this family's own positions: its techniques
            /// apply, another family's have nothing to work on.
            impl $crate::grader::Apply<$rules> for $crate::grader::Technique<Own> {
                fn name(self) -> &'static str {
                    $crate::grader::Apply::<Rules>::name(self)
                }

                fn apply(
                    self,
                    position: &mut $crate::grader::Position<$rules>,
                ) -> $crate::grader::Outcome<bool> {
                    #[allow(unreachable_patterns)]
                    match self {
                        $crate::grader::Technique::Shared(t) => t.apply(&mut position.board),
                        $crate::grader::Technique::Own(Own::$variant(t)) => {
                            $crate::grader::Rules::apply(&mut position.rules, t, &mut position.board)
                        }
                        _ => Ok(false),
                    }
                }
            }
        )+
    };
}

families! {
    /// Groups alone (sudoku, its variants and samurai).
    Plain = "plain" => crate::grader::Plain;
    /// Sum cages without repeats (killer sudoku).
    Killer = "killer" => Box<crate::killer::Killer>;
    /// Arithmetic cages whose digits may repeat off a line (KenKen).
    KenKen = "kenken" => crate::kenken::KenKen;
}

/// A technique on a ladder built by name, of any family.
pub type Technique = grader::Technique<Own>;

impl Technique {
    /// The technique a level table names for boards of `family`.
    pub fn named(name: &str, family: Family) -> Option<Technique> {
        family.technique(name)
    }
}

/// A board of any family, with its rules.
pub type Board = Position<Rules>;

impl Board {
    /// An empty board of the shape with these givens (cell, symbol index) written in, and
    /// the family's rules set up over them.
    pub fn new(shape: Arc<Shape>, givens: &[(usize, usize)], family: Family) -> Outcome<Board> {
        family.position(shape, givens)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Board, Family, Own, Technique};
    use crate::grader::shape::{GroupSpec, Line, Shape};
    use crate::grader::{self, Apply};
    use crate::kenken;
    use crate::killer::KillerTechnique;
    use crate::search::cages::Op;
    use crate::search::CageSpec;

    /// A 4x4 Latin square with one cage: 3- in the top-left two cells.
    fn shape() -> Arc<Shape> {
        let line = |cells: Vec<usize>, line| GroupSpec {
            cells,
            line,
            compact: false,
        };
        let mut groups: Vec<GroupSpec> = (0..4)
            .map(|r| line((0..4).map(|c| r * 4 + c).collect(), Line::Row))
            .collect();
        groups.extend((0..4).map(|c| line((0..4).map(|r| r * 4 + c).collect(), Line::Column)));
        let cage = CageSpec {
            cells: vec![0, 1],
            op: Op::Sub,
            target: 3,
            distinct: false,
        };
        Arc::new(Shape::new(16, &[1, 2, 3, 4], &groups, &[cage]))
    }

    fn apply(board: &mut Board, name: &str, family: Family) -> bool {
        let technique = Technique::named(name, family).expect("a technique of the family");
        technique.apply(board).expect("no contradiction")
    }

    #[test]
    fn a_board_keeps_the_rules_of_the_family_it_was_made_for() {
        let mut kenken = Board::new(shape(), &[], Family::KenKen).expect("nothing given");
        let before = kenken.cand.clone();
        // A killer technique finds no killer state on a KenKen board: nothing to do.
        assert!(!apply(&mut kenken, "cage combinations", Family::Killer));
        assert_eq!(kenken.cand, before);
        // KenKen's own reads the cage: 3- is 1 and 4.
        assert!(apply(&mut kenken, "cage arithmetic", Family::KenKen));
        assert_eq!(kenken.cand[0], 0b1001);

        // The same shape on a plain board: the cage is no rule of its, so no progress.
        let mut plain = Board::new(shape(), &[], Family::Plain).expect("nothing given");
        assert!(!apply(&mut plain, "cage arithmetic", Family::KenKen));
        assert_eq!(plain.cand, before);
    }

    #[test]
    fn a_family_finds_its_own_technique_before_a_shared_one_of_the_name() {
        assert_eq!(
            Technique::named("one-cell cage", Family::Killer),
            Some(grader::Technique::Own(Own::Killer(
                KillerTechnique::OneCellCage
            )))
        );
        assert_eq!(
            Technique::named("one-cell cage", Family::KenKen),
            Some(grader::Technique::Own(Own::KenKen(
                kenken::Technique::OneCellCage
            )))
        );
        // Another family's technique is not on a family's ladders; shared ones are.
        assert_eq!(Technique::named("rule of 45", Family::Plain), None);
        assert_eq!(Technique::named("cage arithmetic", Family::Killer), None);
        assert!(matches!(
            Technique::named("naked single", Family::KenKen),
            Some(grader::Technique::Shared(_))
        ));
    }
}
