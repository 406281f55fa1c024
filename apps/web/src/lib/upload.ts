import { ApiError, errorFromBody } from './api';

export type UploadMessages = {
  /** The connection failed before any answer. */
  network: string;
  /** 413 from something in front of the server (a proxy's own page, not our error shape). */
  tooLarge: string;
  /** Any other answer without our error shape. */
  unexpected: string;
};

/**
 * Sends one file as multipart (field `arquivo`), or a whole form (`FormData`: fields and files),
 * with XMLHttpRequest, the one browser API that reports
 * upload progress (`onProgress` gets 0–100), and parses the JSON answer. Errors are ApiErrors with
 * the server's pt-BR message when it sent one.
 */
export function uploadFile<T>(options: {
  method: 'POST' | 'PUT';
  url: string;
  file: File | FormData;
  parse: (data: unknown) => T;
  onProgress: (percentual: number) => void;
  messages: UploadMessages;
}): Promise<T> {
  const { method, url, file, parse, onProgress, messages } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', messages.network));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(100);
          resolve(parse(data));
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(errorOf(xhr.status, data, messages));
    };
    if (file instanceof FormData) xhr.send(file);
    else {
      const form = new FormData();
      form.append('arquivo', file, file.name);
      xhr.send(form);
    }
  });
}

function errorOf(status: number, data: unknown, messages: UploadMessages): ApiError {
  const fromServer = errorFromBody(status, data);
  if (fromServer) return fromServer;
  if (status === 413) return new ApiError(status, 'ARQUIVO_GRANDE', messages.tooLarge);
  return new ApiError(status, `HTTP_${status}`, messages.unexpected);
}
