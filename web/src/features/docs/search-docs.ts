import type { DocSection, DocTopic } from '../../content/docs';

export interface DocMatch {
  topic: DocTopic;
  /** Sections to show: all of them when the topic's title matches, else those that match. */
  sections: DocSection[];
}

/**
 * Case-insensitive search over topic titles, section titles and section text. Every
 * word of the query must appear; an empty query matches everything.
 */
export function searchDocs(topics: readonly DocTopic[], query: string): DocMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return topics.map((topic) => ({ topic, sections: topic.sections }));
  const matches = (text: string) => {
    const lower = text.toLowerCase();
    return words.every((word) => lower.includes(word));
  };
  const results: DocMatch[] = [];
  for (const topic of topics) {
    if (matches(topic.title)) {
      results.push({ topic, sections: topic.sections });
      continue;
    }
    const sections = topic.sections.filter((s) => matches(`${s.title} ${s.body}`));
    if (sections.length > 0) results.push({ topic, sections });
  }
  return results;
}
