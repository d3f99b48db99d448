-- The queue's name search ignores accents (issue 30 item 12): 'conceicao' finds 'Conceição', 'JOSE' finds 'José'. The
-- name's accented letters are folded with translate() (immutable, no extension: unaccent is not on every server), and
-- after it the words are ASCII, so the 'simple' parser splits them the same under any locale. The expression is
-- staff-queue.ts's FOLDED_NAME, letter for letter; the search words are folded the same way by the domain.
DROP INDEX customers_name_words_idx;
CREATE INDEX customers_name_words_idx ON customers USING gin (
  to_tsvector('simple', translate(name, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAEEEEIIIIOOOOOUUUUCNYaaaaaeeeeiiiiooooouuuucnyy'))
);
