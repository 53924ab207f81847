/**
 * The four answer tiles' letters and shapes (A triangle, B diamond, C circle, D square): each tile's
 * colour, shape and letter together, never colour alone. The pupils' tiles and the class discussion
 * on the projector draw the same ones.
 */
export const LETTERS = ["A", "B", "C", "D"] as const;

export const TILE_SHAPES = [
  <polygon key="a" points="12,2.5 22.5,21 1.5,21" />,
  <polygon key="b" points="12,1.5 22.5,12 12,22.5 1.5,12" />,
  <circle key="c" cx="12" cy="12" r="10.5" />,
  <rect key="d" x="2.5" y="2.5" width="19" height="19" rx="1.5" />,
];
