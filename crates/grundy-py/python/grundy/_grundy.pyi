"""Type stubs of the compiled extension ``grundy._grundy`` (the engine; the documented API is
the ``grundy`` package over it)."""

from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, Type

import numpy as np
import numpy.typing as npt

BLANK: int
LOOPY: int
__version__: str

class LimitError(RuntimeError):
    """A limit was reached: the state limit (max_states) or the memory limit (max_memory)."""

def value_json(
    spec: str,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
    misere: bool = False,
    files: Optional[Dict[str, str]] = None,
    moves: bool = True,
    jobs: Optional[int] = None,
) -> str: ...
def has_value_json(
    spec: str,
    k: int,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
    misere: bool = False,
    jobs: Optional[int] = None,
) -> str: ...
def split_json(spec: str) -> str: ...
def merge_tables_json(parts: List[str], out: str) -> str: ...
def quotient_json(
    spec: str,
    to: int,
    heaps: Optional[List[int]] = None,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> str: ...
def sum_json(
    specs: List[str], max_states: Optional[int] = None, max_memory: Optional[str] = None, misere: bool = False
) -> str: ...
def genus_json(spec: str, to: int, max_states: Optional[int] = None, max_memory: Optional[str] = None) -> str: ...
def sequence_spec(
    spec: str,
    to: int,
    all: bool = False,
    method: Optional[str] = None,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint64], str]: ...
def sequence_callable(
    options: Callable[[int], Iterable[Any]],
    to: int,
    window: Optional[int] = None,
    name: Optional[str] = None,
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Tuple[npt.NDArray[np.uint64], str, Tuple[float, float, float]]: ...
def table_cells(
    specs: List[str], max_states: Optional[int] = None, max_memory: Optional[str] = None
) -> npt.NDArray[np.int64]: ...
def table_grid(
    words: List[str], max_states: Optional[int] = None, max_memory: Optional[str] = None
) -> npt.NDArray[np.int64]: ...
def graph_values(
    names: List[str],
    arcs: List[Tuple[int, int]],
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> List[Tuple[int, List[int], str, List[int], List[int]]]: ...
def solve_game(
    position: Any,
    options: Callable[[Any], Iterable[Any]],
    sum_type: Type[tuple],
    max_states: Optional[int] = None,
    max_memory: Optional[str] = None,
) -> Tuple[Tuple[Optional[int], List[int]], List[Any], List[Tuple[Optional[int], List[int]]], int]: ...
def census_json(
    spec: Optional[str],
    codes: Optional[List[str]],
    to: int,
    jobs: int = 0,
    all: bool = False,
    shard: Optional[str] = None,
    max_memory: Optional[str] = None,
    quotient_to: Optional[int] = None,
    table: Optional[str] = None,
) -> str: ...
def census_members(
    spec: Optional[str], codes: Optional[List[str]], shard: Optional[str] = None, to: Optional[int] = None
) -> Tuple[str, int, List[Tuple[int, str, List[str]]]]: ...
def census_row_json(
    code: str,
    to: int,
    all: bool = False,
    max_memory: Optional[str] = None,
    quotient_to: Optional[int] = None,
    family: Optional[str] = None,
) -> str: ...
