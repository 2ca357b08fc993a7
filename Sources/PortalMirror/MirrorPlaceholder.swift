// The mirror server lands here.
