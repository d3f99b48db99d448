import sharp from 'sharp';
import { streetScene } from '@guarita/domain/photo-quality-scenes';

const scenes = new Map<string, ReturnType<typeof streetScene>>();

/**
 * A photo as a phone takes it, for the specs that send claim or spare-car photos: a generated street scene (the
 * labelled set of ADR 090: edges, a plate, text, grain), so the photo check before sending (issue 31 item 3) lets
 * it through, where a flat colour would be asked about ('A foto parece tremida'). `blur` (a Gaussian sigma, px)
 * makes one it asks about; `tint` a CSS colour to tell photos apart.
 */
export async function scenePhoto(
  o: { width?: number; height?: number; seed?: number; blur?: number; tint?: string } = {},
): Promise<Buffer> {
  const key = `${o.seed ?? 1}:${o.width ?? 1500}x${o.height ?? 1125}`;
  const scene = scenes.get(key) ?? streetScene(o.seed ?? 1, o.width ?? 1500, o.height ?? 1125);
  scenes.set(key, scene); // drawn once per size: a journey sends a photo per step
  let img = sharp(Buffer.from(scene.data), { raw: { width: scene.width, height: scene.height, channels: 1 } }).toColourspace('srgb');
  if (o.blur) img = img.blur(o.blur);
  if (o.tint) img = img.tint(o.tint);
  return img.jpeg({ quality: 90 }).toBuffer();
}
