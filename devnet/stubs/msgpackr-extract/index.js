// msgpackr loads its native extractor in a try/catch and uses its JavaScript path when that fails.
throw new Error('msgpackr-extract is not installed here: msgpackr uses its JavaScript path')
