// A value that follows another once it has stopped changing for `ms` (a preview asked a moment after typing stops).
import { useEffect, useState } from 'react';

export function useDebounced<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
