/** The attribute the search's arrow keys move between (every result's controls, in order). */
export const SEARCH_ITEM = 'data-search-item';
