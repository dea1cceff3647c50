/* The companion's rules search (rules_text/search.py, function `search`), replayed in the
 * browser over each game's exported index (_static/search/<game>.js, written at build time by
 * rulebook_site/search.py): the same query cleaning, rule-number and glossary boosts, table-talk
 * synonyms, "did you mean", BM25F with Whoosh's parameters, coordination, kind weights, rules
 * first, one hit per section and the same snippet. Each step names the Python it mirrors;
 * tests/test_site_browser.py checks the results against the Python search for every query of
 * the relevance suites. No DOM here (the page is rulebook-search-page.js). */
(function (root) {
  "use strict";

  var MAX_QUERY_LENGTH = 500;
  var BM25_B = 0.75;
  var BM25_K1 = 1.2;
  var KIND_WEIGHT = { rule: 1.0, table: 0.9, glossary: 0.9, example: 0.5, note: 0.45,
    foreword: 0.5, bibliography: 0.4 };
  var RULE_KINDS = ["rule", "table", "glossary"];
  var COORDINATION_FLOOR = 0.1;  // a share s of the query's words: score times (FLOOR + s * s)
  var UNUSED_WORD = 0.5;  // a word the game's rulebook never uses counts this much of a word in s
  var CORRECTED_FROM = 5;  // a word shorter than this is never corrected
  var CONTAINED_SHARE = 0.8;  // a section goes below a sub-rule scoring at least this share of it
  var BELOW_SUBRULE = 0.9;  // ...and takes this share of the sub-rule's score
  var TERM_BOOST = 3.0;  // the boost of a glossary term's defining rule when the query is the term
  var NOTED_WORD = 0.5;  // a word only a section's notes and examples say counts this much of a word
  // a field's weight: a glossary name of an abbreviation the section uses counts half
  var FIELD_WEIGHT = [["title_", 1.0], ["body_", 1.0], ["context_", 1.0], ["terms_", 0.5]];
  var PAIR_WEIGHT = 2.0;  // two of the query's words side by side in a section
  var HELD = ["title_", "body_", "context_", "terms_"];  // a section holds a word in these fields
  var OWNED = ["title_", "body_", "terms_"];  // ...and these are its own words
  var NOTED = ["notes_"];  // the words a section's notes and examples say
  var RULE_ID = /^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?\s*\]?$/;
  var ID_IN_QUERY = /(?<![\d.])\d{1,2}(?:\.\d{1,2}){1,4}(?![\d])/g;
  var WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)?/gu;
  var TOKEN = /[\p{L}\p{N}]+/gu;
  var CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;
  var W = "[\\p{L}\\p{N}_]";  // Python's \w

  function SearchError(message) { this.message = message; this.name = "SearchError"; }

  /* _fold: casefold, NFKD, combining marks dropped */
  function fold(text) {
    return text.toLowerCase().replace(/ß/g, "ss").normalize("NFKD").replace(/\p{Mn}/gu, "");
  }

  function all(pattern, text) { return text.match(pattern) || []; }

  /* re.escape for a pattern with the u flag (which refuses needless escapes such as \-) */
  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\\/]/g, "\\$&"); }

  function cleanQuery(query) {
    if (typeof query !== "string") { throw new SearchError("query must be text"); }
    var text = query.replace(CONTROL, " ").trim();
    if (Array.from(text).length > MAX_QUERY_LENGTH) {
      throw new SearchError("query is " + Array.from(text).length + " characters long; at most " +
        MAX_QUERY_LENGTH + " are allowed");
    }
    if (!text) {
      throw new SearchError("query is empty; type a rule number (11.4.1) or some words (sniper attack)");
    }
    return text;
  }

  /* One game's index, with what the search derives from it once. */
  function Prepared(index) {
    this.index = index;
    this.langIndex = {};
    for (var i = 0; i < index.langs.length; i++) { this.langIndex[index.langs[i]] = i; }
    this.stops = {};
    for (var lang in index.stopwords) { this.stops[lang] = new Set(index.stopwords[lang]); }
    this.patterns = index.synonyms.terms.filter(function (entry) { return entry.forms.length; })
      .map(function (entry) {
        var forms = entry.forms.map(escapeRegExp).join("|");
        return [new RegExp("(?<!" + W + ")(?:" + forms + ")(?!" + W + ")", "u"), entry];
      });
    this.holderSets = new Map();
    this.allowedSets = new Map();
    this.stemmers = {};
    this.knownWords = new Map();  // _Open.knows, memoised
    this.suggestions = new Map();  // _Open.suggest, memoised
  }

  /* analyzer(lang) on a word the corpus does not hold: Snowball, as Whoosh's StemFilter */
  Prepared.prototype.fallback = function (word, lang) {
    var out = [];
    var stops = this.stops[lang];
    var self = this;
    all(TOKEN, fold(word)).forEach(function (token) {
      if (stops.has(token)) { return; }  // the stop words hold every one-letter word; digits stay
      out.push(self.stem(token, lang));
    });
    return out;
  };

  Prepared.prototype.stem = function (token, lang) {
    var make = lang === "fr" ? root.FrenchStemmer : root.EnglishStemmer;
    if (!make) { return token; }
    if (!this.stemmers[lang]) { this.stemmers[lang] = new make(); }
    return this.stemmers[lang].stemWord(token);
  };

  /* the analyzer's tokens of a word in a language */
  Prepared.prototype.analyse = function (word, lang) {
    var known = this.index.vocabulary[word];
    if (!known) {  // the analyzer is the same for every game: another game's rulebook may use it
      var indexes = root.RulebookIndexes || {};
      for (var id in indexes) {
        if (Object.prototype.hasOwnProperty.call(indexes[id].vocabulary, word)) {
          known = indexes[id].vocabulary[word];
          break;
        }
      }
    }
    if (known) { return known[this.langIndex[lang]]; }
    return this.fallback(word, lang);
  };

  /* _stems: every word's tokens, in order, once each */
  Prepared.prototype.stems = function (words, lang) {
    var seen = new Set();
    var out = [];
    var self = this;
    words.forEach(function (word) {
      self.analyse(word, lang).forEach(function (token) {
        if (!seen.has(token)) { seen.add(token); out.push(token); }
      });
    });
    return out;
  };

  Prepared.prototype.postings = function (field, stem) {
    var byField = this.index.postings[field];
    return (byField && Object.prototype.hasOwnProperty.call(byField, stem)) ? byField[stem] : [];
  };

  /* _Open.knows: table talk, or _known; memoised per index */
  Prepared.prototype.knows = function (word) {
    if (!this.knownWords.has(word)) {
      this.knownWords.set(word, Object.prototype.hasOwnProperty.call(this.index.synonyms.talk, word) || this.known(word));
    }
    return this.knownWords.get(word);
  };

  /* _known */
  Prepared.prototype.known = function (word) {
    var spelled = this.index.spell[word];
    if (spelled && spelled[0]) { return true; }
    var self = this;
    return this.index.langs.some(function (lang) {
      return self.stems([word], lang).some(function (stem) {
        return ["title", "body"].some(function (field) {
          return self.postings(field + "_" + lang, stem).length > 0;
        });
      });
    });
  };

  /* Damerau-Levenshtein as whoosh.support.levenshtein (rows wrap like Python lists) */
  function distance(seq1, seq2, limit) {
    var n = seq2.length;
    function at(row, i) { return row[i < 0 ? row.length + i : i]; }
    var oneago = null;
    var twoago = null;
    var thisrow = [];
    for (var k = 1; k <= n; k++) { thisrow.push(k); }
    thisrow.push(0);
    for (var x = 0; x < seq1.length; x++) {
      twoago = oneago;
      oneago = thisrow;
      thisrow = new Array(n).fill(0);
      thisrow.push(x + 1);
      for (var y = 0; y < n; y++) {
        var delcost = oneago[y] + 1;
        var addcost = at(thisrow, y - 1) + 1;
        var subcost = at(oneago, y - 1) + (seq1[x] !== seq2[y] ? 1 : 0);
        thisrow[y] = Math.min(delcost, addcost, subcost);
        if (x > 0 && y > 0 && seq1[x] === seq2[y - 1] && seq1[x - 1] === seq2[y] && seq1[x] !== seq2[y]) {
          thisrow[y] = Math.min(thisrow[y], at(twoago, y - 2) + 1);
        }
      }
      if (limit && x > limit && Math.min.apply(null, thisrow) > limit) { return limit + 1; }
    }
    return at(thisrow, n - 1);
  }

  /* searcher.suggest("spell", word, limit=3, maxdist, prefix=1): the three best words within
   * maxdist (Damerau-Levenshtein) sharing the first letter, best = most frequent (Whoosh's score
   * -(maxdist + 0.5 / frequency)); equal scores keep the greater word, as Whoosh's heap does */
  Prepared.prototype.suggest = function (word, maxdist, limit) {
    var key = word + "\u0000" + maxdist + "\u0000" + limit;
    if (!this.suggestions.has(key)) { this.suggestions.set(key, this.suggestUncached(word, maxdist, limit)); }
    return this.suggestions.get(key);
  };

  Prepared.prototype.suggestUncached = function (word, maxdist, limit) {
    var found = [];
    var spell = this.index.spell;
    var first = Array.from(word)[0];
    var target = Array.from(word);
    for (var candidate in spell) {
      if (candidate.slice(0, first.length) !== first) { continue; }
      if (distance(Array.from(candidate), target, maxdist) > maxdist) { continue; }
      found.push([0 - (maxdist + (1.0 / (spell[candidate][0] || 1) * 0.5)), candidate]);
    }
    found.sort(function (a, b) { return (b[0] - a[0]) || (a[1] < b[1] ? 1 : (a[1] > b[1] ? -1 : 0)); });
    return found.slice(0, limit).map(function (pair) { return pair[1]; });
  };

  /* _distance: plain Levenshtein (insertions, deletions, substitutions) */
  function levenshtein(a, b) {
    a = Array.from(a);
    b = Array.from(b);
    var previous = [];
    for (var k = 0; k <= b.length; k++) { previous.push(k); }
    for (var i = 1; i <= a.length; i++) {
      var current = [i];
      for (var j = 1; j <= b.length; j++) {
        current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0)));
      }
      previous = current;
    }
    return previous[previous.length - 1];
  }

  /* opened.allowed */
  Prepared.prototype.allowed = function (lang, kind) {
    var key = lang + "\u0000" + (kind || "");
    if (!this.allowedSets.has(key)) {
      var found = new Set();
      this.index.docs.forEach(function (doc, number) {
        if ((lang === "all" || lang === doc.lang) && (kind ? doc.kind === kind : doc.kind !== "glossary")) {
          found.add(number);
        }
      });
      this.allowedSets.set(key, found);
    }
    return this.allowedSets.get(key);
  };

  /* opened.holders */
  Prepared.prototype.holds = function (doc, stem, langs, prefixes) {
    for (var i = 0; i < langs.length; i++) {
      for (var j = 0; j < prefixes.length; j++) {
        var key = prefixes[j] + langs[i] + "\u0000" + stem;
        if (!this.holderSets.has(key)) {
          this.holderSets.set(key, new Set(this.postings(prefixes[j] + langs[i], stem).map(function (p) { return p[0]; })));
        }
        if (this.holderSets.get(key).has(doc)) { return true; }
      }
    }
    return false;
  };

  /* opened.holders: the documents holding a stem in any of these fields */
  Prepared.prototype.holders = function (stem, langs, prefixes) {
    var found = new Set();
    var self = this;
    langs.forEach(function (lang) {
      prefixes.forEach(function (prefix) {
        self.postings(prefix + lang, stem).forEach(function (pair) { found.add(pair[0]); });
      });
    });
    return found;
  };

  /* opened.score: BM25F of an OR of weighted terms; `stats`: several games as one collection */
  Prepared.prototype.score = function (weights, allowed, stats) {
    var index = this.index;
    var scores = new Map();
    var self = this;
    weights.forEach(function (queryWeight, key) {
      var cut = key.indexOf("\u0000");
      var field = key.slice(0, cut);
      var stem = key.slice(cut + 1);
      var pairs = self.postings(field, stem);
      if (!pairs.length) { return; }
      var idf;
      var average;
      if (!stats) {
        idf = Math.log(index.total / (pairs.length + 1)) + 1;
        average = index.averages[field];
      } else {
        idf = stats.idf(field, stem);
        average = stats.average(field);
      }
      var lengths = index.lengths[field];
      pairs.forEach(function (pair) {
        var doc = pair[0];
        var tf = pair[1];
        if (!allowed.has(doc)) { return; }
        var norm = average ? (1 - BM25_B) + BM25_B * (lengths[doc] || 0) / average : 1;
        var add = queryWeight * idf * tf * (BM25_K1 + 1) / (tf + BM25_K1 * norm);
        scores.set(doc, (scores.has(doc) ? scores.get(doc) : 0.0) + add);
      });
    });
    return scores;
  };

  /* _Collection: document counts, frequencies and lengths of several games summed */
  function Collection(games) { this.games = games; }
  Collection.prototype.idf = function (field, stem) {
    var total = 0;
    var frequency = 0;
    this.games.forEach(function (g) { total += g.index.total; frequency += g.postings(field, stem).length; });
    return Math.log(total / (frequency + 1)) + 1;
  };
  /* _Collection.affinity: how much of the query a game's rulebook speaks of (English words) */
  Collection.prototype.affinity = function (game, words) {
    var stems = Array.from(new Set(game.stems(words, "en")));
    var prefixes = ["title_", "body_", "context_"];
    var total = 0;
    this.games.forEach(function (g) { total += g.index.total; });
    var present = 0.0;
    var absent = 0.0;
    var self = this;
    stems.forEach(function (stem) {
      var counts = self.games.map(function (g) { return g.holders(stem, ["en"], prefixes).size; });
      var sum = counts.reduce(function (a, b) { return a + b; }, 0);
      if (!sum) { return; }
      var weight = Math.log(total / (sum + 1)) + 1;
      if (game.holders(stem, ["en"], prefixes).size) { present += weight; } else { absent += weight; }
    });
    return present + absent ? present / (present + absent) : 1.0;
  };

  Collection.prototype.average = function (field) {
    var lengths = 0;
    var counts = 0;
    this.games.forEach(function (g) {
      lengths += (g.index.averages[field] || 0.0) * g.index.total;
      counts += g.index.total;
    });
    return counts ? lengths / counts : 0.0;
  };

  /* analysis.query_pairs: each two of the query's tokens side by side, once each, in order */
  Prepared.prototype.queryPairs = function (words, lang) {
    var tokens = [];
    var self = this;
    words.forEach(function (word) { tokens = tokens.concat(self.analyse(word, lang)); });
    var seen = new Set();
    var out = [];
    for (var i = 0; i + 1 < tokens.length; i++) {
      var pair = tokens[i] + "_" + tokens[i + 1];
      if (tokens[i] !== tokens[i + 1] && !seen.has(pair)) { seen.add(pair); out.push(pair); }
    }
    return out;
  };

  /* _talk_of: the table talk of one of the query's words, as words: its own entry, else the
   * entry of the words of its English stem */
  Prepared.prototype.talkOf = function (word) {
    var synonyms = this.index.synonyms;
    var phrases = [];
    if (Object.prototype.hasOwnProperty.call(synonyms.talk, word)) {
      phrases = synonyms.talk[word];
    } else {
      var byStem = synonyms.talk_stems || {};
      this.stems([word], "en").forEach(function (stem) {
        if (Object.prototype.hasOwnProperty.call(byStem, stem)) { phrases = phrases.concat(byStem[stem]); }
      });
    }
    var out = [];
    phrases.forEach(function (phrase) { out = out.concat(all(WORD, phrase)); });
    return out;
  };

  /* _text_weights: the talk of a word the game never uses (standIns) weighs as the word */
  Prepared.prototype.textWeights = function (words, extra, langs, standIns) {
    var weights = new Map();
    var self = this;
    langs.forEach(function (lang) {
      var stems = self.stems(words, lang);
      var full = new Set(self.stems(standIns, lang));
      FIELD_WEIGHT.forEach(function (field) {
        var name = field[0] + lang;
        var share = field[1];
        self.stems(extra[lang] || [], lang).forEach(function (stem) {
          var key = name + "\u0000" + stem;
          if (!weights.has(key)) { weights.set(key, full.has(stem) ? share : 0.5 * share); }
        });
        stems.forEach(function (stem) { weights.set(name + "\u0000" + stem, share); });
      });
      if (self.index.langs.indexOf(lang) >= 0) {
        self.queryPairs(words, lang).forEach(function (pair) { weights.set("pairs_" + lang + "\u0000" + pair, PAIR_WEIGHT); });
      }
    });
    return weights;
  };

  /* _rank: one game's candidate documents with their scores */
  Prepared.prototype.rank = function (words, folded, typedIds, exactId, lang, kind, limit, stats) {
    var index = this.index;
    var self = this;
    var langs = lang === "all" ? index.langs.slice() : [lang];
    var boosts = new Map();
    typedIds.forEach(function (id) { boosts.set(id, exactId ? 100.0 : 5.0); });
    var extra = {};
    index.langs.forEach(function (lg) { extra[lg] = []; });
    // _talk_of each of the query's words; the documents holding each word (by its own stems or
    // its talk's), how many words the game never uses, and the talk standing in for a word it
    // never uses itself
    var said = new Map();
    words.forEach(function (word) { if (!said.has(word)) { said.set(word, self.talkOf(word)); } });
    said.forEach(function (talked) {
      index.langs.forEach(function (lg) { extra[lg] = extra[lg].concat(talked); });
    });
    var held = [];
    var noted = [];  // the documents whose notes and examples alone hold each word
    var standIns = [];
    var unused = 0;
    said.forEach(function (talked, word) {
      var wordStems = new Set();
      langs.forEach(function (lg) { self.stems([word], lg).forEach(function (stem) { wordStems.add(stem); }); });
      if (!wordStems.size) { return; }  // a stop word
      var docs = new Set();
      wordStems.forEach(function (stem) { self.holders(stem, langs, HELD).forEach(function (d) { docs.add(d); }); });
      if (!docs.size) { standIns = standIns.concat(talked); }
      var before = docs.size;
      var saidStems = new Set(wordStems);
      langs.forEach(function (lg) {
        self.stems(talked, lg).forEach(function (stem) {
          saidStems.add(stem);
          self.holders(stem, langs, HELD).forEach(function (d) { docs.add(d); });
        });
      });
      if (before || docs.size) {
        held.push(docs);
        var notes = new Set();
        saidStems.forEach(function (stem) {
          self.holders(stem, langs, NOTED).forEach(function (d) { if (!docs.has(d)) { notes.add(d); } });
        });
        noted.push(notes);
      } else { unused += 1; }
    });
    var stripped = folded.trim();
    this.patterns.forEach(function (pair) {
      var entry = pair[1];
      if (!pair[0].test(folded)) { return; }
      var exact = entry.forms.indexOf(stripped) >= 0;
      boosts.set(entry.rule, Math.max(boosts.has(entry.rule) ? boosts.get(entry.rule) : 0, exact ? TERM_BOOST : 0.3));
      index.langs.forEach(function (lg) {
        entry.by_lang[lg].forEach(function (form) { extra[lg] = extra[lg].concat(all(WORD, form)); });
      });
    });
    var unique = {};
    index.langs.forEach(function (lg) { unique[lg] = Array.from(new Set(extra[lg])); });
    var weights = this.textWeights(words, unique, langs, standIns);
    typedIds.forEach(function (id) { weights.set("ids\u0000" + id, 10.0); });
    var scores = this.score(weights, this.allowed(lang, kind), stats);
    if (!scores.size) { return []; }
    var results = Array.from(scores.entries());
    results.sort(function (a, b) { return b[1] - a[1]; });
    results = results.slice(0, Math.max(60, limit * 4));

    var wanted = new Set();
    langs.forEach(function (lg) { self.stems(words, lg).forEach(function (stem) { wanted.add(stem); }); });
    var own = new Map();
    var counts = new Map();
    var ranked = results.map(function (pair) {
      var number = pair[0];
      var doc = index.docs[number];
      var score = pair[1] * (kind ? 1.0 : (KIND_WEIGHT[doc.kind] !== undefined ? KIND_WEIGHT[doc.kind] : 0.5));
      var anywhere = 0;
      var owned = 0;
      held.forEach(function (docs) { if (docs.has(number)) { anywhere += 1; } });
      noted.forEach(function (docs) { if (docs.has(number)) { anywhere += NOTED_WORD; } });
      wanted.forEach(function (stem) {
        if (self.holds(number, stem, langs, OWNED)) { owned += 1; }
      });
      if (held.length) {
        var share = anywhere / (held.length + UNUSED_WORD * unused);
        score *= COORDINATION_FLOOR + Math.pow(share, 2);
      }
      if (doc.empty) { score *= 0.6; }
      score *= 1 + (boosts.has(doc.id) ? boosts.get(doc.id) : 0);
      own.set(doc.lang + "\u0000" + doc.id, owned);
      counts.set(doc.lang + "\u0000" + doc.id, anywhere);
      return { score: score, doc: doc, game: self };
    });
    var asked = new Set();
    boosts.forEach(function (boost, id) { if (boost >= TERM_BOOST) { asked.add(id); } });
    return belowSubrules(belowRules(ranked, counts, asked), own);
  };

  /* below_rules: a section of a chapter restating rules (a glossary) goes just below the best
   * section of the other chapters holding more of the query's words, unless asked for by its
   * term alone or its number */
  function belowRules(ranked, counts, asked) {
    var rules = ranked.filter(function (item) { return !item.doc.restates; });
    ranked.forEach(function (item) {
      if (!item.doc.restates || asked.has(item.doc.id)) { return; }
      var mine = counts.get(item.doc.lang + "\u0000" + item.doc.id);
      var above = 0.0;
      rules.forEach(function (rule) {
        if (rule.doc.lang === item.doc.lang && counts.get(rule.doc.lang + "\u0000" + rule.doc.id) > mine) {
          above = Math.max(above, rule.score);
        }
      });
      if (above > 0.0 && above < item.score) { item.score = above * BELOW_SUBRULE; }
    });
    return ranked;
  }

  /* _below_subrules: a section goes just below its best sub-rule when that sub-rule's own words
   * hold as many of the query's words and it scores at least CONTAINED_SHARE of the section */
  function belowSubrules(ranked, own) {
    var best = new Map();
    ranked.forEach(function (item) {
      var mine = own.get(item.doc.lang + "\u0000" + item.doc.id);
      (item.doc.ancestors || []).forEach(function (ancestor) {
        var key = item.doc.lang + "\u0000" + ancestor;
        if (own.has(key) && mine >= own.get(key)) {
          best.set(key, Math.max(best.has(key) ? best.get(key) : 0.0, item.score));
        }
      });
    });
    ranked.forEach(function (item) {
      var key = item.doc.lang + "\u0000" + item.doc.id;
      var below = best.has(key) ? best.get(key) : 0.0;
      if (below >= CONTAINED_SHARE * item.score) { item.score = Math.min(item.score, below * BELOW_SUBRULE); }
    });
    return ranked;
  }

  function roundTo(value, places) {
    var factor = Math.pow(10, places);
    return Math.round(value * factor) / factor;
  }

  /* snippet_of: the stretch of text with most query words, each matched word between ** ** */
  Prepared.prototype.snippet = function (flat, wanted, lang, size) {
    size = size || 180;
    var spans = [];
    var match;
    var pattern = new RegExp(TOKEN.source, "gu");
    while ((match = pattern.exec(flat)) !== null) {
      var tokens = this.analyse(match[0], lang);
      var stem = tokens.length ? tokens[0] : null;
      if (stem !== null && wanted.has(stem)) { spans.push([match.index, match.index + match[0].length]); }
    }
    if (!spans.length) {
      if (flat.length <= size) { return flat; }
      var head = flat.slice(0, size);
      var space = head.lastIndexOf(" ");
      return (space >= 0 ? head.slice(0, space) : head) + " …";
    }
    var bestStart = spans[0][0];
    var bestCount = 0;
    for (var i = 0; i < spans.length; i++) {
      var start = spans[i][0];
      var count = 0;
      for (var j = i; j < spans.length; j++) { if (spans[j][0] < start + size - 40) { count += 1; } }
      if (count > bestCount) { bestStart = start; bestCount = count; }
    }
    var before = Math.max(0, bestStart - 40);
    var found = before > 0 ? flat.lastIndexOf(" ", before - 1) : -1;
    var begin = Math.max(0, found + 1);
    var end = Math.min(flat.length, begin + size);
    if (end < flat.length) {
      var cut = end > 0 ? flat.lastIndexOf(" ", end - 1) : -1;
      if (cut < begin) { cut = -1; }
      end = Math.max(begin + 1, cut);
    }
    var out = "";
    var cursor = begin;
    spans.forEach(function (span) {
      if (span[0] >= begin && span[1] <= end) {
        out += flat.slice(cursor, span[0]) + "**" + flat.slice(span[0], span[1]) + "**";
        cursor = span[1];
      }
    });
    out += flat.slice(cursor, end);
    return (begin > 0 ? "… " : "") + out + (end < flat.length ? " …" : "");
  };

  /* A rule number as typed, in every form a book prints it: "11.4.1", "[13.6.4]", "13.6.4.",
   * "22.0", "22)"; null for anything else. The forms to look up, most exact first. */
  function ruleNumber(query) {
    var match = /^\[?\s*(\d{1,2}(?:\.\d{1,2}){0,4})\s*[.)]?\s*\]?$/.exec(query.trim());
    if (!match) { return null; }
    var id = match[1];
    var forms = [id];
    if (/^\d{1,2}\.0$/.test(id)) { forms.push(id.slice(0, -2)); }
    return forms;
  }

  var prepared = {};
  function game(id) {
    var indexes = root.RulebookIndexes || {};
    if (!indexes[id]) { return null; }
    if (!prepared[id] || prepared[id].index !== indexes[id]) { prepared[id] = new Prepared(indexes[id]); }
    return prepared[id];
  }

  /* _games: one game, or every game of the site (in the order of their ids) for "all" */
  function games(only) {
    var ids = Object.keys(root.RulebookIndexes || {}).sort();
    if (!only || only === "all") { return ids; }
    return ids.indexOf(only) >= 0 ? [only] : [];
  }

  /* _correct: a "did you mean" for words no searched game knows */
  function correct(opened, words, folded) {
    function knownAnywhere(word) {
      return opened.some(function (g) { return g.knows(word); });
    }
    var unknown = words.filter(function (w) {
      return !/^\p{Nd}+$/u.test(w) && Array.from(w).length >= CORRECTED_FROM && !knownAnywhere(w);
    });
    if (!unknown.length) { return [null, words]; }
    var corrected = folded;
    unknown.forEach(function (word) {
      var maxdist = Array.from(word).length <= 5 ? 1 : 2;
      var pattern = new RegExp("(?<!" + W + ")" + escapeRegExp(word) + "(?!" + W + ")", "gu");
      if (opened.length === 1) {  // one game: Whoosh's own choice, suggest(limit=1)
        var first = opened[0].suggest(word, maxdist, 1);
        if (first.length) { corrected = corrected.replace(pattern, function () { return first[0]; }); }
        return;
      }
      var options = new Set();
      opened.forEach(function (g) { g.suggest(word, maxdist, 3).forEach(function (o) { options.add(o); }); });
      if (!options.size) { return; }
      var best = null;
      var bestKey = null;
      options.forEach(function (option) {
        var used = 0;
        opened.forEach(function (g) { var spelled = g.index.spell[option]; used += spelled ? spelled[1] : 0; });
        var key = [levenshtein(word, option), -used, option];
        if (best === null || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] ||
            (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
          best = option;
          bestKey = key;
        }
      });
      corrected = corrected.replace(pattern, function () { return best; });
    });
    if (corrected === folded) { return [null, words]; }
    return [corrected, all(WORD, corrected)];
  }

  /* _by_game: the best `limit` hits across games, each matching game taking its turn (best game
   * first) to give its next best hit; listed grouped by game, or for a rule number each game's
   * section of that number first, then the groups */
  function byGame(ranked, limit, numbered) {
    var queues = new Map();
    ranked.forEach(function (item) {
      if (!queues.has(item.doc.game)) { queues.set(item.doc.game, []); }
      queues.get(item.doc.game).push(item);
    });
    var taken = new Map();
    queues.forEach(function (queue, id) { taken.set(id, 0); });
    var total = 0;
    var more = function () {
      var left = false;
      queues.forEach(function (queue, id) { if (taken.get(id) < queue.length) { left = true; } });
      return left;
    };
    while (total < limit && more()) {
      queues.forEach(function (queue, id) {
        if (total < limit && taken.get(id) < queue.length) { taken.set(id, taken.get(id) + 1); total += 1; }
      });
    }
    var out = [];
    if (numbered) {
      queues.forEach(function (queue) { out.push(queue[0]); });
      queues.forEach(function (queue, id) { out = out.concat(queue.slice(1, taken.get(id))); });
      return out;
    }
    queues.forEach(function (queue, id) { out = out.concat(queue.slice(0, taken.get(id))); });
    return out;
  }

  /* search(query, lang=..., kind=..., limit=..., game=...): one game's or every game's hits */
  function search(query, options) {
    options = options || {};
    var lang = options.lang || "all";
    var kind = options.kind || null;
    var limit = options.limit || 10;
    var text = cleanQuery(query);
    var opened = games(options.game).map(game);
    var folded = fold(text);
    var words = all(WORD, folded);
    var idMatch = RULE_ID.exec(text);
    var typedIds = (idMatch ? [idMatch[1]] : all(ID_IN_QUERY, text)).map(chapterNumber);
    var fixed = correct(opened, words, folded);
    var suggestion = fixed[0];
    words = fixed[1];
    var stats = opened.length > 1 ? new Collection(opened) : null;
    var ranked = [];
    opened.forEach(function (g) {
      var affinity = stats ? stats.affinity(g, words) : 1.0;
      g.rank(words, folded, typedIds, Boolean(idMatch), lang, kind, limit, stats).forEach(function (item) {
        item.score = item.score * affinity;
        ranked.push(item);
      });
    });
    if (!ranked.length) { return { query: text, hits: [], suggestion: suggestion }; }
    ranked.sort(function (a, b) { return b.score - a.score; });
    if (!kind) {
      var floor = ranked[0].score * 0.2;
      var later = function (item) { return RULE_KINDS.indexOf(item.doc.kind) >= 0 && item.score >= floor ? 0 : 1; };
      ranked.sort(function (a, b) { return (later(a) - later(b)) || (b.score - a.score); });
      // a note or example put below the rules scores no more than the rules above it
      for (var r = 1; r < ranked.length; r++) { ranked[r].score = Math.min(ranked[r].score, ranked[r - 1].score); }
    }
    var chosen = [];
    var seen = new Set();
    ranked.forEach(function (item) {
      var doc = item.doc;
      var key = [doc.game, doc.id, doc.kind === "glossary" ? doc.kind : "", lang !== "all" ? doc.lang : ""].join("\u0000");
      if (!seen.has(key)) { seen.add(key); chosen.push(item); }
    });
    chosen = opened.length > 1 ? byGame(chosen, limit, Boolean(idMatch)) : chosen.slice(0, limit);
    var langs = lang === "all" ? null : [lang];
    var hits = chosen.map(function (item) {
      var g = item.game;
      var wanted = new Set();
      (langs || g.index.langs).forEach(function (lg) { g.stems(words, lg).forEach(function (stem) { wanted.add(stem); }); });
      var doc = item.doc;
      return {
        game: doc.game, id: doc.id, lang: doc.lang, title: doc.title, kind: doc.kind,
        breadcrumb: doc.crumbs, snippet: g.snippet(doc.flat, wanted, doc.lang),
        score: roundTo(item.score, 4), number: doc.number || null, href: doc.href, label: doc.label
      };
    });
    return { query: text, hits: hits, suggestion: suggestion };
  }

  function chapterNumber(id) {
    var match = /^(\d{1,2})(?:\.0|\))$/.exec(id);
    return match ? match[1] : id;
  }

  /* The sections a rule number names, in the games asked: [{game, lang, id, href, label}] */
  function lookup(query, options) {
    options = options || {};
    var forms = ruleNumber(query);
    if (!forms) { return []; }
    var found = [];
    games(options.game).forEach(function (id) {
      var index = game(id).index;
      var langs = Object.keys(index.sections);
      if (options.lang && options.lang !== "all") {
        langs = langs.filter(function (lg) { return lg === options.lang; });
      }
      for (var f = 0; f < forms.length; f++) {
        for (var l = 0; l < langs.length; l++) {
          var href = index.sections[langs[l]][forms[f]];
          if (href) {
            found.push({ game: id, lang: langs[l], id: forms[f], href: href, label: index.labels[langs[l]][forms[f]] });
            return;
          }
        }
      }
    });
    return found;
  }

  root.RulebookSearch = {
    search: search, lookup: lookup, game: game, games: games, fold: fold,
    ruleNumber: ruleNumber, SearchError: SearchError, distance: distance
  };
})(typeof window !== "undefined" ? window : globalThis);
