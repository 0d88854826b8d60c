//! The rules of a take-and-break game as a code: one digit per removal (octal digits 0-7,
//! hexadecimal 8-f for options that leave three heaps), and the options they give a heap.
//!
//! [`TakeBreak`] holds one digit per removal i = 0, 1, ..., t: bit 1 lets a player
//! remove i sticks when they are the whole heap, bit 2 remove i and leave one non-empty heap,
//! bit 4 leave two non-empty heaps, bit 8 leave three (hexadecimal codes). `unequal` restricts
//! two-heap splits to unequal heaps (Grundy's game is `0.4` with that restriction).

/// The widest mask the sparse space method looks at (`sparse::best_mask`): 16 bits (values above are classified by their low
/// 16 bits; a 2^16-entry histogram per heap parity).
pub(crate) const MASK_BITS: u32 = 16;

/// The rules of a take-and-break game, one digit per removal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    pub(super) digits: Vec<u8>,
    pub(super) unequal: bool,
}

impl TakeBreak {
    /// Rules from digits d_0, d_1, ..., d_t (bits 1, 2, 4, 8; trailing zeros dropped).
    pub fn new(mut digits: Vec<u8>, unequal: bool) -> Self {
        while digits.last() == Some(&0) {
            digits.pop();
        }
        TakeBreak { digits, unequal }
    }

    /// The digits d_0, d_1, ..., d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The rules as the files that hold their values write them (checkpoints, value stores):
    /// `0.014`, `4. unequal` (hexadecimal digits, the restriction named).
    pub(super) fn code_text(&self) -> String {
        let digit = |d: &u8| format!("{d:x}");
        let first = self.digits.first().map_or("0".to_string(), digit);
        let rest: String = self.digits.iter().skip(1).map(digit).collect();
        let unequal = if self.unequal { " unequal" } else { "" };
        format!("{first}.{rest}{unequal}")
    }

    /// The largest removal t (0 when no digit is set).
    pub fn max_removal(&self) -> usize {
        self.digits.len().saturating_sub(1)
    }

    /// The most heaps an option leaves (0 to 3).
    pub fn max_parts(&self) -> usize {
        let all = self.digits.iter().fold(0, |a, d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else if all & 2 != 0 {
            1
        } else {
            0
        }
    }

    /// Whether the Guy–Smith theorem proves a period seen for these rules.
    pub fn provable(&self) -> bool {
        !self.unequal
    }

    /// Every option of a heap of `n`, as the heaps it leaves.
    pub(crate) fn options(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u64;
            if i > n {
                break;
            }
            let m = n - i;
            if d & 1 != 0 && m == 0 && i > 0 {
                f(&[]);
            }
            if d & 2 != 0 && m > 0 && i > 0 {
                f(&[m]);
            }
            if d & 4 != 0 && m >= 2 {
                let mut a = 1;
                while 2 * a <= m {
                    if !(self.unequal && 2 * a == m) {
                        f(&[a, m - a]);
                    }
                    a += 1;
                }
            }
            if d & 8 != 0 && m >= 3 {
                let mut a = 1;
                while 3 * a <= m {
                    let mut b = a;
                    while a + 2 * b <= m {
                        f(&[a, b, m - a - b]);
                        b += 1;
                    }
                    a += 1;
                }
            }
        }
    }

    /// The removals i with a split digit (bit 4), with i.
    pub(super) fn split_removals(&self) -> Vec<usize> {
        (0..self.digits.len()).filter(|&i| self.digits[i] & 4 != 0).collect()
    }
}
