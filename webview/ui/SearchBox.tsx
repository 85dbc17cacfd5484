/**
 * Search box
 * ==========
 * Results ranked by match, then kind; arrows move through them, Enter goes to one, Escape clears.
 * `/` anywhere focuses the box (see App). A listbox with aria-activedescendant, so a screen reader
 * follows the arrow keys. In a partial graph the host searches the whole graph (`remote`), a
 * moment after the last keystroke; until it answers, the local hits show.
 */
import { forwardRef, useEffect, useMemo, useState } from 'react';
import { nodeStyle } from '../model/kinds';
import { search, type SearchHit, type SearchIndex } from '../model/search';
import { useExplorer } from './context';

const REMOTE_DELAY_MS = 120;

interface Props {
  index: SearchIndex;
  accept: (id: string) => boolean;
  remote?: (query: string) => Promise<SearchHit[]>;
}

export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox({ index, accept, remote }, ref) {
  const { goTo } = useExplorer();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [remoteHits, setRemoteHits] = useState<{ query: string; hits: SearchHit[] }>();
  const local = useMemo(() => search(index, query, 30, (e) => accept(e.id)), [index, query, accept]);
  useEffect(() => {
    if (!remote || query.trim() === '') return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void remote(query).then((hits) => live && setRemoteHits({ query, hits }));
    }, REMOTE_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [remote, query]);
  const hits = remote && remoteHits?.query === query ? remoteHits.hits : local;
  const choose = (i: number): void => {
    const hit = hits[i];
    if (!hit) return;
    goTo(hit.id);
    setQuery('');
  };
  return (
    <div className="search" role="search">
      <input
        ref={ref}
        type="search"
        aria-label="Search nodes (press / to focus)"
        placeholder="Search  /"
        value={query}
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls="search-results"
        aria-activedescendant={hits.length ? `hit-${active}` : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, hits.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter') choose(active);
          else if (e.key === 'Escape') {
            setQuery('');
            e.currentTarget.blur();
          } else return;
          e.preventDefault();
        }}
      />
      {hits.length > 0 && (
        <ul id="search-results" role="listbox" className="search-results">
          {hits.map((h, i) => (
            <li
              key={h.id}
              id={`hit-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
            >
              <span className="glyph" aria-hidden="true">{nodeStyle(h.kind).glyph}</span>
              <span className="name">{h.name}</span>
              <span className="kind">{nodeStyle(h.kind).label}</span>
              {h.path && <span className="path">{h.path}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
