import SparkMD5 from "spark-md5";

/** Bytes read at a time: a large photo is hashed in slices, so the page never freezes on one big read. */
export const MD5_CHUNK_BYTES = 2 * 1024 * 1024;

/**
 * md5 (hex) of a file's bytes, computed with spark-md5 as the upload protocol asks: the server recomputes it and
 * refuses a mismatch (a damaged upload) or a file it already has.
 */
export async function fileMd5(file: Blob, chunkBytes = MD5_CHUNK_BYTES): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    spark.append(await file.slice(offset, offset + chunkBytes).arrayBuffer());
  }
  return spark.end();
}
